# regelwerk — plain GNU make.
#
#   make                 build out/bin/regelwerk and render every output into out/
#   make tool            build the binary only
#   make check           run every CUnit suite (DEBUGGER=valgrind to run under it)
#   make check SAN=1     the same, built with AddressSanitizer and UBSan
#   make valgrind        check and build of all content under valgrind (CI)
#   make bench           benchmarks, figures printed
#   make fuzz            libFuzzer harnesses (tests/fuzz/), each run FUZZ_SECONDS=60;
#                        `make check` replays their corpora and crash files
#   make mutate          mutation testing of the engines: mutants of each src/eng_GAME.c
#                        that `regelwerk check GAME` kills, survivors by file:line
#                        (GAMES="noxius ..." to choose, MUTATE_MAX=N for a seeded
#                        sample of N per game, MUTATE_SEED, MUTATE_JOBS=2); reports
#                        into out/mutate/GAME.txt, never fails on the score
#   make scaffolding     lines of scaffolding per engine (tests/scaffolding.sh says what
#                        counts); fails when one has more than 200
#   make install         PREFIX=/usr/local DESTDIR=
#   make WERROR=1        warnings are errors (CI)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/regelwerk
MANDIR ?= $(PREFIX)/share/man
# shell completion, where bash-completion and zsh look by default
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR ?=
PKG_CONFIG ?= pkg-config
CC ?= cc
DEBUGGER ?=

PKGS := libxml-2.0 cairo glib-2.0 harfbuzz harfbuzz-subset freetype2 libgvc json-c libqpdf icu-i18n icu-uc
TEST_PKGS := cunit
VERSION := 0.1.0

# What the user (or a packager) sets: CFLAGS, CPPFLAGS, LDFLAGS, LDLIBS. What
# the build needs whatever they say is kept apart (as Lua's makefile does),
# so that `make CFLAGS=-O0` still compiles C11 with the warnings and the
# dependency files.
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
        -Wformat=2 -Wvla -Wpointer-arith -Wcast-qual -Wundef
REQ_CFLAGS := -std=c11 $(WARN) -MMD -MP
REQ_CPPFLAGS := -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Isrc \
                -DREGELWERK_VERSION='"$(VERSION)"' -DREGELWERK_DATADIR='"$(DATADIR)"' \
                $(shell $(PKG_CONFIG) --cflags $(PKGS) $(TEST_PKGS))
# libharu, libhyphen and libgettextpo ship no pkg-config file.
REQ_LDLIBS := $(shell $(PKG_CONFIG) --libs $(PKGS)) -lhpdf -lhyphen -lgettextpo -lm
# CUnit only in the test runner, not in the tool
TEST_LDLIBS := $(shell $(PKG_CONFIG) --libs $(TEST_PKGS))
REQ_LDFLAGS :=

ifeq ($(WERROR),1)
REQ_CFLAGS += -Werror
endif

# FUZZ=1: the libFuzzer build (clang; `make fuzz` sets it), objects of its own
ifeq ($(FUZZ),1)
BUILD ?= out/build-fuzz
CC := clang
REQ_CFLAGS += -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
REQ_LDFLAGS += -fsanitize=address,undefined
endif

ifeq ($(SAN),1)
BUILD ?= out/build-san
REQ_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
REQ_LDFLAGS += -fsanitize=address,undefined
else
BUILD ?= out/build
endif

ALL_CFLAGS = $(REQ_CPPFLAGS) $(CPPFLAGS) $(REQ_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(REQ_LDFLAGS) $(LDFLAGS)
ALL_LDLIBS = $(REQ_LDLIBS) $(LDLIBS)

# The sanitizer build keeps its own binary (the tests run it as a
# subprocess too), so that out/bin/regelwerk is always the plain tool.
ifeq ($(SAN),1)
BIN := $(BUILD)/bin/regelwerk
else
BIN := out/bin/regelwerk
endif
# SKIP_GAMES=nemesis builds without that game's engine and tests (while one
# engine is being reworked, the others still link and test).
SKIP_GAMES ?=
SKIP_SRC := $(foreach g,$(SKIP_GAMES),src/eng_$(g).c src/eng_$(g)_facts.c tests/test_eng_$(g).c)
REQ_CPPFLAGS += $(foreach g,$(SKIP_GAMES),-DREGELWERK_SKIP_$(g))
SRC := $(filter-out $(SKIP_SRC),$(sort $(wildcard src/*.c)))
LIB_SRC := $(filter-out src/main.c,$(SRC))
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/src/%.o)
TEST_SRC := $(filter-out $(SKIP_SRC),$(sort $(wildcard tests/*.c)))
TEST_OBJ := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%.o)
TEST_BIN := $(BUILD)/tests/run-tests
MUTATOR := $(BUILD)/tests/mutate

.PHONY: all tool outputs check valgrind bench mutate scaffolding fuzz fuzz-run install uninstall clean schema FORCE
.DELETE_ON_ERROR:

all: outputs

tool: $(BIN)

$(BUILD)/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The data directory is compiled in: rebuild cli_env.o when PREFIX changes
# (`make install PREFIX=/usr` after a plain `make`).
$(BUILD)/datadir.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@
$(BUILD)/src/cli_env.o: $(BUILD)/datadir.stamp
FORCE:

$(BUILD)/libregelwerk.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN): $(BUILD)/src/main.o $(BUILD)/libregelwerk.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# The test runner registers every `void suite_NAME(void)` found in tests/*.c.
$(BUILD)/tests/suites.h: $(TEST_SRC)
	@mkdir -p $(dir $@)
	grep -ho '^void suite_[a-z0-9_]*(void)' $(TEST_SRC) | sort -u | \
	  sed 's/^void \(suite_[a-z0-9_]*\)(void)/SUITE(\1)/' > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/%.o: tests/%.c $(BUILD)/tests/suites.h
	@mkdir -p $(dir $@)
	$(CC) -I$(BUILD)/tests -Itests $(ALL_CFLAGS) -c -o $@ $<

$(TEST_BIN): $(TEST_OBJ) $(BUILD)/libregelwerk.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS) $(TEST_LDLIBS)

# Renders every configured output of every game into out/.
# The date printed on every sheet is the last commit's, so the same checkout
# gives the same bytes on every machine (SOURCE_DATE_EPOCH wins when set).
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
export SOURCE_DATE_EPOCH

outputs: $(BIN)
	$(BIN) check
	$(BIN) build --strict -o out

# libhyphen keeps a few bytes per loaded dictionary that hnj_hyphen_free does
# not release (a known upstream leak); tests/lsan.supp and tests/valgrind.supp
# name exactly that and nothing of ours.
# fast_unwind_on_malloc=0: libraries built without frame pointers (libgvc)
# still get whole stacks, so that a suppression can name the function
SAN_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:fast_unwind_on_malloc=0 \
           LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp):print_suppressions=0 \
           UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# (a variable of its own: DEBUGGER comes from the command line, where make
# ignores += on it)
VALGRIND_FLAGS := --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
                  --suppressions=$(abspath tests/valgrind.supp)

# Allocation failure injection (tests/oom/oom_wrap.c): the tool linked with
# every malloc, calloc, realloc, strdup and strndup of our code wrapped, so
# that REGELWERK_FAIL_ALLOC=N fails the Nth; tests/test_oom.c sweeps N.
OOM_BIN := $(BUILD)/tests/regelwerk-oom
OOM_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup

$(OOM_BIN): $(BUILD)/src/main.o $(BUILD)/libregelwerk.a tests/oom/oom_wrap.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(OOM_WRAP) -o $@ $^ $(ALL_LDLIBS)

# Fuzzing (tests/fuzz/): one harness per entry point. The replay runners
# are the same harnesses without libFuzzer: `make check` feeds them every seed
# and every crash ever found (tests/fuzz/corpus/NAME, tests/fuzz/crashes/NAME).
FUZZERS := content fight para template
FUZZ_SECONDS ?= 60
REPLAY := $(FUZZERS:%=$(BUILD)/fuzz/replay-%)

$(BUILD)/fuzz/replay-%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/lay_testdev.c $(BUILD)/libregelwerk.a
	@mkdir -p $(dir $@)
	$(CC) -Itests -Itests/fuzz $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

$(BUILD)/fuzz/fuzz-%: tests/fuzz/fuzz_%.c tests/lay_testdev.c $(BUILD)/libregelwerk.a
	@mkdir -p $(dir $@)
	$(CC) -Itests -Itests/fuzz $(ALL_CFLAGS) -fsanitize=fuzzer $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# make fuzz FUZZ_SECONDS=60: builds the libFuzzer binaries (clang, ASan, UBSan)
# and runs each for that long; new inputs go to out/fuzz/corpus/NAME, crashes
# to tests/fuzz/crashes/NAME (commit them: they become replay inputs).
fuzz:
	$(MAKE) FUZZ=1 fuzz-run

# (fast unwinding: a whole stack per allocation would slow fuzzing tenfold)
fuzz-run: $(FUZZERS:%=$(BUILD)/fuzz/fuzz-%)
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(abspath tests/lsan.supp):print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 sh tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZERS)

# Under the sanitizers every allocation costs a run eight times as long: the
# allocation-failure sweeps there fail each site's first allocation and every
# 5th (check) or 10th (build), which still reaches every site for leaks; the
# plain run sweeps every allocation of the check and every 5th of the build.
OOM_SAN_STEPS := REGELWERK_OOM_CHECK_STEP=5 REGELWERK_OOM_STEP=10

# The mutator is a prerequisite: tests/test_mutate.c runs it on a fixture.
check: $(TEST_BIN) $(BIN) $(MUTATOR) $(REPLAY) $(OOM_BIN)
	for f in $(FUZZERS); do $(SAN_ENV) $(BUILD)/fuzz/replay-$$f tests/fuzz/corpus/$$f tests/fuzz/crashes/$$f \
	  || exit 1; done
	$(SAN_ENV) REGELWERK_BIN=$(abspath $(BIN)) REGELWERK_MUTATE=$(abspath $(MUTATOR)) \
	  REGELWERK_OOM=$(abspath $(OOM_BIN)) $(if $(filter 1,$(SAN)),$(OOM_SAN_STEPS)) $(DEBUGGER) \
	  $(if $(findstring valgrind,$(DEBUGGER)),$(VALGRIND_FLAGS)) $(TEST_BIN)

# The real tool under valgrind (CI): a full check and a build of every
# output, no error and no leak (tests/valgrind.supp names libhyphen's only).
valgrind: $(BIN)
	valgrind $(VALGRIND_FLAGS) --quiet $(BIN) check
	valgrind $(VALGRIND_FLAGS) --quiet $(BIN) build --strict -o out/valgrind

bench: $(BIN) $(BUILD)/tests/bench
	$(BUILD)/tests/bench $(BIN)
	python3 tests/bench/peers.py $(BIN)
	sh tests/bench/justify.sh $(BIN)

$(BUILD)/tests/bench: tests/bench/bench.c $(BUILD)/libregelwerk.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# Mutation testing (tests/mutate/run.sh says how): the mutator is a small
# program of its own; each mutant is compiled as the Makefile compiles, at
# -O0 for speed and with -w because a mutant may well warn.
# Mutants are built with UBSan's array-bounds check, trapping: a mutant
# that makes the engine index past one of its arrays (a loop from -1, a bound
# moved by one) is a fault the content exposes, as the sanitizer suites would,
# not a survivor. The unmutated engine must check clean under it too.
MUTATE_BOUNDS := -fsanitize=bounds -fno-sanitize-recover=bounds
$(MUTATOR): tests/mutate/mutate.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $<

mutate: export MUTATE_CC = $(CC)
mutate: export MUTATE_CPPFLAGS = $(REQ_CPPFLAGS) $(CPPFLAGS)
mutate: export MUTATE_CFLAGS = $(filter-out -MMD -MP -Werror -g,$(REQ_CFLAGS) $(CFLAGS)) -O0 -w $(MUTATE_BOUNDS)
mutate: export MUTATE_LDFLAGS = $(ALL_LDFLAGS) $(MUTATE_BOUNDS)
# a survivor is compiled again as the tool ships, to tell whether the
# compiler makes the engine's own object of it (run.sh: equivalent)
mutate: export MUTATE_TCE_CFLAGS = $(filter-out -MMD -MP -Werror -g,$(REQ_CFLAGS) $(CFLAGS)) -w
mutate: export MUTATE_LDLIBS = $(ALL_LDLIBS)
mutate: export MUTATE_BUILD = $(BUILD)
mutate: export MUTATE_TOOL = $(MUTATOR)
mutate: $(BIN) $(MUTATOR)
	$(SAN_ENV) sh tests/mutate/run.sh

# Issue #10: an engine's scaffolding (its "scaffolding:" sections) under 200
# lines, or under the ceiling the script records for an engine not there yet;
# tests/test_scaffolding.c runs the same script.
scaffolding:
	sh tests/scaffolding.sh

# Regenerates the XML schema from its compact form (needs trang).
schema:
	trang src/schema/regelwerk.rnc src/schema/regelwerk.rng
	trang src/schema/template.rnc src/schema/template.rng
	trang src/schema/fight.rnc src/schema/fight.rng

ICONS_JSON := out/deps/node_modules/@iconify-json/game-icons/icons.json

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/schema $(DESTDIR)$(DATADIR)/templates \
	  $(DESTDIR)$(DATADIR)/fonts $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/regelwerk
	install -m 644 src/schema/*.rng src/schema/*.rnc $(DESTDIR)$(DATADIR)/schema/
	cp -R templates/. $(DESTDIR)$(DATADIR)/templates/
	install -m 644 fonts/manifest.xml $(DESTDIR)$(DATADIR)/fonts/
	install -m 644 regelwerk.1 $(DESTDIR)$(MANDIR)/man1/regelwerk.1
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 completions/regelwerk.bash $(DESTDIR)$(BASHCOMPDIR)/regelwerk
	install -m 644 completions/_regelwerk $(DESTDIR)$(ZSHCOMPDIR)/_regelwerk
	if [ -f $(ICONS_JSON) ]; then install -d $(DESTDIR)$(DATADIR)/icons && \
	  install -m 644 $(ICONS_JSON) $(DESTDIR)$(DATADIR)/icons/game-icons.json; fi
	# the hyphenation patterns compiled once, so that no run pays libhyphen's
	# slow load (regelwerk reads $(DATADIR)/hyph; keyed by the pattern files)
	install -d $(DESTDIR)$(DATADIR)/hyph
	for l in de it; do REGELWERK_HYPH_CACHE=$(DESTDIR)$(DATADIR)/hyph $(BIN) hyphenate --lang $$l Regelwerk >/dev/null; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/regelwerk $(DESTDIR)$(MANDIR)/man1/regelwerk.1
	rm -f $(DESTDIR)$(BASHCOMPDIR)/regelwerk $(DESTDIR)$(ZSHCOMPDIR)/_regelwerk
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf out/build out/build-san out/build-fuzz out/bin

-include $(LIB_OBJ:.o=.d) $(BUILD)/src/main.d $(TEST_OBJ:.o=.d) $(MUTATOR).d
