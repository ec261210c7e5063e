import CStagehandPixman
import StagehandAnimation

/// A grid of frames on one picture: a row per transition, a column per instant, with a gap between cells.
///
/// As a `FrameWriter`, it places frame `k` of a rendering in row `k / columns`, column `k % columns`.
public final class ContactSheet: FrameWriter {
  /// Nothing is prepared on the drawing threads.
  public typealias Product = Void
  /// The picture the cells are drawn on.
  public let frame: Frame
  /// The size of a cell, in pixels.
  public let cellWidth: Int
  /// The height of a cell, in pixels.
  public let cellHeight: Int
  /// The gap around and between cells, in pixels.
  public let gap: Int
  /// The number of cells in a row.
  public let columns: Int

  /// A sheet of `columns` x `rows` cells of `cellWidth` x `cellHeight` pixels, filled with `background`; `nil` when
  /// memory is short or the sheet would be more than 16383 pixels on a side.
  public init?(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, gap: Int = 4, background: RGB) {
    let width = columns * (cellWidth + gap) + gap
    let height = rows * (cellHeight + gap) + gap
    guard columns > 0, rows > 0, width <= 16383, height <= 16383, let frame = Frame(width: width, height: height)
    else { return nil }
    frame.fill(background)
    self.frame = frame
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.gap = gap
    self.columns = columns
  }

  /// Nothing: frames are copied by `write`.
  public var prepare: @Sendable (Int, Frame) -> Void { { _, _ in } }

  /// Places frame `index` in its cell.
  public func write(_ index: Int, _ frame: Frame, _ product: Void) {
    place(frame, column: index % columns, row: index / columns)
  }

  /// Nothing: the sheet is written with `WholeFile.writePNG`.
  public func finish() {}

  /// Nothing: the sheet is only in memory.
  public func abandon() {}

  /// Copies `cell` (of the cell size) into the cell at `column`, `row`.
  public func place(_ cell: Frame, column: Int, row: Int) {
    precondition(cell.width == cellWidth && cell.height == cellHeight)
    let x = gap + column * (cellWidth + gap)
    let y = gap + row * (cellHeight + gap)
    pixman_image_composite32(
      PIXMAN_OP_SRC, cell.image, nil, frame.image, 0, 0, 0, 0, Int32(x), Int32(y), Int32(cellWidth),
      Int32(cellHeight))
  }

  /// The instants of a contact sheet, as fractions of the duration: a quarter, a half and three quarters.
  public static let instants = [0.25, 0.5, 0.75]
}
