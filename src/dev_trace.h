/* dev_trace.h — a device that writes what it is asked to paint as text, one
 * XML element per call (as MuPDF's trace device does): pages, paths with
 * their bounds and colours, text runs with font, size, position and the
 * words, links and outlines. Coordinates to 0.01 pt.
 *
 * It is for looking at a layout without a PDF viewer (`regelwerk build
 * --device trace`) and for golden tests of whole sheets: the same input
 * gives the same trace, and a change of layout shows as a readable diff.
 *
 * Ownership: the device writes path on close (through out.c: a temporary
 * file renamed into place) and frees itself on drop.
 */
#ifndef REGELWERK_DEV_TRACE_H
#define REGELWERK_DEV_TRACE_H

#include "diag.h"
#include "dl.h"

dev_device *dev_trace_new(const char *path, diag_list *diags);

#endif
