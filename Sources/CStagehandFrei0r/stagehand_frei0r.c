/*
 * CStagehandFrei0r is a header-only target: the calls between the frei0r modules and the core live in
 * include/stagehand_frei0r.h. This file exists because a SwiftPM C target needs a source file; including the header
 * here checks that it compiles on its own, against Debian's frei0r.h.
 */
#include "stagehand_frei0r.h"
