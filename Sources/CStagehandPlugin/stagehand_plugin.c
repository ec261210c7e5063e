/*
 * CStagehandPlugin is a header-only target: the plugin ABI lives in include/stagehand_plugin.h. This file exists only
 * because a SwiftPM C target needs at least one source file. Including the header here also makes every build check
 * that it compiles on its own.
 */
#include "stagehand_plugin.h"
