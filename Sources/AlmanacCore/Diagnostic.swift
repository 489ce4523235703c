/// A problem found in the user's input, printed the way compilers print them so that editors
/// and CI annotate the right line: `path:line:column: error: message`, then an optional hint.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public let location: SourceLocation?
    public let severity: Severity
    public let message: String
    public let hint: String?
    /// More problems found in the same file by the same check, reported with this one, so a
    /// page with three mistaken settings shows all three rather than one a run.
    public private(set) var further: [Diagnostic] = []

    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String, hint: String? = nil) {
        self.location = location
        self.severity = severity
        self.message = message
        self.hint = hint
    }

    /// The most a check reports from one file.
    public static let limitPerFile = 20

    /// The first of `problems`, carrying the rest (up to `limitPerFile`); nil when there are none.
    public static func first(of problems: [Diagnostic]) -> Diagnostic? {
        guard var first = problems.first else { return nil }
        first.further = Array(problems.dropFirst().prefix(limitPerFile - 1))
        return first
    }

    /// This problem and those that came with it.
    public var all: [Diagnostic] { [self] + further }

    public static func error(at location: SourceLocation?, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint)
    }

    public static func warning(at location: SourceLocation?, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint)
    }

    /// The first line, without the hint.
    public var headline: String {
        if let location {
            return "\(location): \(severity.rawValue): \(message)"
        }
        return "almanac: \(severity.rawValue): \(message)"
    }

    public var description: String {
        guard let hint else { return headline }
        return headline + "\n  hint: " + hint
    }
}

/// Several diagnostics at once: a check reports every problem, not only the first.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    /// Each diagnostic with those that came with it, in order.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.flatMap(\.all)
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
