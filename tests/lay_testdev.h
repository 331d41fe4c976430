/* lay_testdev.h — a text-recording device for the layout suites.
 *
 * Every device call becomes one line of text in a buffer (coordinates to
 * 0.01 pt), so layout has golden tests without PDFs or pixels. Unlike
 * src/dev_trace.c (the same idea for users, written to a file), it records
 * in memory and also gathers the words shown, which the suites search.
 * Ownership: lt_dev_free() releases the device and its buffer. */
#ifndef REGELWERK_LAY_TESTDEV_H
#define REGELWERK_LAY_TESTDEV_H

#include "dl.h"

typedef struct lt_dev lt_dev;

lt_dev *lt_dev_new(void);
dev_device *lt_dev_device(lt_dev *d);
/* The trace so far (NUL-terminated, owned by the device). */
const char *lt_dev_text(const lt_dev *d);
/* All text shown, with actual text where given, words separated by one
 * space per dl_text (what a viewer extracts, roughly). Owned by the device. */
const char *lt_dev_words(lt_dev *d);
void lt_dev_free(lt_dev *d);

#endif
