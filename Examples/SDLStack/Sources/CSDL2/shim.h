// SDL2, through pkg-config's `sdl2` (Debian's libsdl2-dev).
#include <SDL.h>
