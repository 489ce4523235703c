import AlmanacCore
import AlmanacModel

/// Failing tests as a CI system's annotations, so they show on the lines of the diff that
/// failed: for GitHub, a workflow command per failed or errored row that names a file,
/// `::error file=tests/test_lib.py,line=25,title=test_always_fail::assert False`.
public enum TestAnnotations {
    /// Rows that failed or errored, whatever their file: what `--fail-on failures` counts.
    public static func failingRows(_ page: Page) -> [Row] {
        page.sections.flatMap(\.rows).filter { PageSettings.isFailing($0.record) }
    }

    /// One `::error` line per failing row that has a `file`, in page order.
    public static func github(_ page: Page) -> [String] {
        failingRows(page).compactMap { row in
            guard let file = row.record["file"]?.text, !file.isEmpty else { return nil }
            var properties = ["file=" + property(file)]
            if let line = row.record["line"], case .number = line { properties.append("line=" + property(line.text)) }
            properties.append("title=" + property(row.label))
            return "::error " + properties.joined(separator: ",") + "::" + message(data(for: row))
        }
    }

    /// What the annotation says: the failure's message, else its details' first line.
    static func data(for row: Row) -> String {
        if let message = row.record["message"]?.text, !message.isEmpty { return message }
        if let details = row.record["details"]?.text, let first = details.split(separator: "\n").first { return String(first) }
        return row.record["status"]?.text ?? "failed"
    }

    /// GitHub's escaping for a command's message: `%`, CR and LF.
    public static func message(_ text: String) -> String { escape(text, isProperty: false) }

    /// GitHub's escaping for a command's property: the message's, and `:` and `,`.
    public static func property(_ text: String) -> String { escape(text, isProperty: true) }

    private static func escape(_ text: String, isProperty: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where isProperty: escaped += "%3A"
            case "," where isProperty: escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
