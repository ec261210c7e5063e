import CSDL2
import StagehandAnimation
import StagehandRender

/// What the window tells the application: the pointer (left button) and the window's size, in pixels.
enum WindowEvent {
  case quit
  case press(Point)
  case move(Point)
  case release(Point)
  case resized(width: Int, height: Int)
}

/// Why SDL could not open the window, with SDL's own words.
struct WindowError: Error, CustomStringConvertible {
  var what: String
  var sdl: String

  var description: String {
    "\(what) failed: \(sdl); SDL needs a display (DISPLAY for X11, or run under Xvfb) and Debian's libsdl2-2.0-0"
  }
}

/// An SDL window that shows frames drawn by `ContainerRenderer`: a streaming texture the size of the frame, copied to
/// the top left corner of the window, one pixel a pixel.
final class Window {
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private var texture: OpaquePointer?
  private var textureSize = (width: 0, height: 0)

  init(title: String, width: Int, height: Int) throws(WindowError) {
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw WindowError(what: "SDL_Init", sdl: Self.sdlError) }
    // With no display, SDL falls back to a driver that draws nowhere: the window would never be seen.
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    guard driver != "offscreen", driver != "dummy" else {
      SDL_Quit()
      throw WindowError(what: "opening a window", sdl: "no display was found (SDL chose its '\(driver)' video driver)")
    }
    let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue
    guard
      let window = SDL_CreateWindow(
        title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(width),
        Int32(height), flags)
    else { throw WindowError(what: "SDL_CreateWindow", sdl: Self.sdlError) }
    guard let renderer = SDL_CreateRenderer(window, -1, 0) else {
      SDL_DestroyWindow(window)
      throw WindowError(what: "SDL_CreateRenderer", sdl: Self.sdlError)
    }
    self.window = window
    self.renderer = renderer
  }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
  }

  private static var sdlError: String { String(cString: SDL_GetError()) }

  /// The events that have arrived; when `wait` is true and none has, waits for one for at most `milliseconds`.
  func events(wait: Bool, milliseconds: Int32 = 16) -> [WindowEvent] {
    var event = SDL_Event()
    var events: [WindowEvent] = []
    var got = wait ? SDL_WaitEventTimeout(&event, milliseconds) : SDL_PollEvent(&event)
    while got == 1 {
      if let mapped = Self.map(event) { events.append(mapped) }
      got = SDL_PollEvent(&event)
    }
    return events
  }

  private static func map(_ event: SDL_Event) -> WindowEvent? {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: return .quit
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .press(Point(x: Double(event.button.x), y: Double(event.button.y)))
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .release(Point(x: Double(event.button.x), y: Double(event.button.y)))
    case SDL_MOUSEMOTION: return .move(Point(x: Double(event.motion.x), y: Double(event.motion.y)))
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
      return .resized(width: Int(event.window.data1), height: Int(event.window.data2))
    default: return nil
    }
  }

  /// Shows `frame` (pixman's `a8r8g8b8`, which is SDL's `ARGB8888` on a little-endian machine) at the top left,
  /// over black.
  func present(_ frame: Frame) {
    if texture == nil || textureSize != (frame.width, frame.height) {
      if let texture { SDL_DestroyTexture(texture) }
      texture = SDL_CreateTexture(
        renderer, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(frame.width), Int32(frame.height))
      textureSize = (frame.width, frame.height)
    }
    guard let texture else { return }
    SDL_UpdateTexture(texture, nil, frame.bytes.baseAddress, Int32(frame.rowBytes))
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    SDL_RenderClear(renderer)
    var target = SDL_Rect(x: 0, y: 0, w: Int32(frame.width), h: Int32(frame.height))
    SDL_RenderCopy(renderer, texture, nil, &target)
    SDL_RenderPresent(renderer)
  }
}
