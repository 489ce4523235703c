/// A place in a file, in the compiler's terms: 1-based line and column (columns count
/// characters, so an editor jumps to the right place on lines with accents).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column)" }
}
