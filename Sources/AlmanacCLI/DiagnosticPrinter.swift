import AlmanacCore

/// Prints diagnostics the way compilers do, coloured only when writing to a terminal (and not
/// when NO_COLOR is set), so logs and CI annotations get plain text.
public struct DiagnosticPrinter: Sendable {
    public let usesColor: Bool

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        let severity = diagnostic.severity.rawValue
        let coloured = usesColor ? (diagnostic.severity == .error ? "\u{1B}[1;31m\(severity)\u{1B}[0m" : "\u{1B}[1;35m\(severity)\u{1B}[0m") : severity
        let place = diagnostic.location.map { "\($0): " } ?? "almanac: "
        var text = "\(place)\(coloured): \(diagnostic.message)"
        if let hint = diagnostic.hint {
            text += "\n  hint: \(hint)"
        }
        return text
    }
}
