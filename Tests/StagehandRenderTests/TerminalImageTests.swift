import StagehandAnimation
import Testing

@testable import StagehandRender

@Suite("Frames for a terminal: 24-bit colour, 256 colours, or none")
struct TerminalImageTests {
  @Test("the colours of a terminal come from NO_COLOR, then COLORTERM")
  func detection() {
    #expect(TerminalColors.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
    #expect(TerminalColors.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(TerminalColors.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
    #expect(TerminalColors.detect(environment: ["COLORTERM": "yes"]) == .palette256)
    #expect(TerminalColors.detect(environment: [:]) == .palette256)
  }

  @Test(
    "a colour maps to the nearest of the 256-colour palette",
    arguments: [
      (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0, 255, 0), 46),
      (RGB(0, 0, 255), 21), (RGB(128, 128, 128), 244), (RGB(95, 135, 175), 67), (RGB(8, 8, 8), 232),
      (RGB(238, 238, 238), 255),
    ])
  func palette(_ color: RGB, _ index: Int) {
    #expect(TerminalImage.paletteIndex(color) == index)
  }

  /// A frame of one colour.
  func frame(_ width: Int, _ height: Int, _ pixel: RGBA) throws -> Frame {
    let frame = try #require(Frame(width: width, height: height))
    let scene = Scene(
      bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), width: width, height: height,
      background: RGB(pixel.r, pixel.g, pixel.b),
      from: try #require(
        PixelImage(
          width: width, height: height,
          rgba:
            Array(repeating: [pixel.r, pixel.g, pixel.b, 255], count: width * height).flatMap { $0 })),
      to: try #require(
        PixelImage(
          width: width, height: height,
          rgba:
            Array(repeating: [pixel.r, pixel.g, pixel.b, 255], count: width * height).flatMap { $0 })))
    FrameRenderer(scene: scene).draw(FrameStates(.identity, inverse: false), into: frame)
    return frame
  }

  @Test("without colour: one character per cell by brightness, and no colour sequence")
  func noColor() throws {
    let white = TerminalImage.encode(try frame(3, 4, RGBA(255, 255, 255)), colors: .none, background: RGB(0, 0, 0))
    #expect(white == "\u{1B}[H@@@\r\n@@@\r\n")
    let black = TerminalImage.encode(try frame(2, 2, RGBA(0, 0, 0)), colors: .none, background: RGB(0, 0, 0))
    #expect(black == "\u{1B}[H  \r\n")
  }

  @Test("with colour: half blocks, each colour set once per run, in 24-bit or palette codes")
  func colors() throws {
    let orange = try frame(2, 2, RGBA(225, 120, 30))
    let trueColor = TerminalImage.encode(orange, colors: .trueColor, background: RGB(0, 0, 0))
    #expect(trueColor == "\u{1B}[H\u{1B}[38;2;225;120;30m\u{1B}[48;2;225;120;30m\u{2580}\u{2580}\u{1B}[0m\r\n")
    let palette = TerminalImage.encode(orange, colors: .palette256, background: RGB(0, 0, 0))
    let index = TerminalImage.paletteIndex(RGB(225, 120, 30))
    #expect(palette == "\u{1B}[H\u{1B}[38;5;\(index)m\u{1B}[48;5;\(index)m\u{2580}\u{2580}\u{1B}[0m\r\n")
  }
}
