/// Rows of text laid out in columns separated by two spaces, with control characters escaped.
///
/// Cells are kept as bytes in one buffer: a table of thousands of rows (`list` with a thousand plugins) makes no
/// string per cell. A cell of printable ASCII is copied as it is and is as wide as its byte count; any other cell is
/// escaped (`String.escapingControlCharacters`) and counted in characters.
struct TextTable {
  /// How many cells a row has.
  let columns: Int
  private var bytes: [UInt8] = []
  /// Where each cell ends in `bytes`, and how many columns of the terminal it takes.
  private var cells: [(end: Int, width: Int)] = []
  private var widths: [Int]

  /// A table whose first row is `header`.
  init(header: [String], capacity: Int = 16) {
    precondition(!header.isEmpty, "a table needs a column")
    columns = header.count
    widths = [Int](repeating: 0, count: header.count)
    bytes.reserveCapacity(capacity * 16 * header.count)
    cells.reserveCapacity(capacity * header.count)
    for cell in header { append(cell) }
  }

  /// How many rows the table has, the header included.
  var rowCount: Int { cells.count / columns }

  /// Appends the next cell, UTF-8 bytes: rows fill from left to right.
  mutating func append(_ cell: UnsafeRawBufferPointer) {
    guard cell.allSatisfy({ (0x20..<0x7F).contains($0) }) else {
      return append(String(decoding: cell.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
    }
    bytes.append(contentsOf: cell)
    close(width: cell.count)
  }

  /// Appends the next cell.
  mutating func append(_ cell: String) {
    var escaped = cell.escapingControlCharacters
    escaped.withUTF8 { bytes.append(contentsOf: $0) }
    close(width: escaped.displayWidth)
  }

  private mutating func close(width: Int) {
    let column = cells.count % columns
    widths[column] = max(widths[column], width)
    cells.append((bytes.count, width))
  }

  /// The table's text, rows separated by newlines, without a newline after the last row.
  var text: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(rowCount * (widths.reduce(0, +) + 2 * columns + 1))
    var start = 0
    for (index, cell) in cells.enumerated() {
      let column = index % columns
      if column == 0, index > 0 { output.append(UInt8(ascii: "\n")) }
      output.append(contentsOf: bytes[start..<cell.end])
      if column < columns - 1 {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - cell.width + 2))
      }
      start = cell.end
    }
    return output
  }
}

/// Lays out rows of text in columns separated by two spaces, with control characters escaped.
func table(_ rows: [[String]]) -> String {
  guard let header = rows.first else { return "" }
  var table = TextTable(header: header, capacity: rows.count)
  for row in rows.dropFirst() {
    for cell in row { table.append(cell) }
  }
  return String(decoding: table.text, as: UTF8.self)
}
