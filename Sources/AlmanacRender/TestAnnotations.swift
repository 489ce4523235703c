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

    /// GitHub shows at most this many error annotations from one step (and 50 from a job), and
    /// drops the rest without a word.
    public static let githubLimit = 10

    /// An `::error` line for each of the first `limit` failing rows that have a `file`, in page
    /// order, then, when any failing test is not among them, one `::notice` that says how many
    /// and why, and where the whole report is (`report`).
    public static func github(_ page: Page, limit: Int = githubLimit, report: String? = nil) -> [String] {
        let failing = failingRows(page)
        let located = failing.filter { !($0.record["file"]?.text.isEmpty ?? true) }
        var lines = located.prefix(limit).map(githubError)
        let overLimit = located.count - min(located.count, limit)
        let withoutFile = failing.count - located.count
        guard overLimit > 0 || withoutFile > 0 else { return lines }
        var parts: [String] = []
        if overLimit > 0 {
            parts.append("\(counted(overLimit, "more failing test")) \(overLimit == 1 ? "is" : "are") not annotated: GitHub shows \(limit) error annotations per step")
        }
        if withoutFile > 0 {
            parts.append(
                "\(counted(withoutFile, "failing test")) \(withoutFile == 1 ? "names" : "name") no source file: the report gives no file, and none was found from the class name or the traceback")
        }
        let where_ = failing.count == 1 ? " It is in the report: " : " All \(failing.count.grouped) are in the report: "
        let sentence = parts.joined(separator: "; ") + "." + (report.map { where_ + $0 } ?? "")
        lines.append("::notice title=" + property("Test report") + "::" + message(sentence))
        return lines
    }

    private static func githubError(_ row: Row) -> String {
        let file = row.record["file"]?.text ?? ""
        var properties = ["file=" + property(file)]
        let reported: Int? = if case .number(let number)? = row.record["line"], number.value >= 1, number.value < 1e9 { Int(number.value) } else { nil }
        if let line = row.record["details"].flatMap({ FailureLine.find(in: $0.text, file: file) }) ?? reported {
            properties.append("line=\(line)")
        }
        properties.append("title=" + property(row.label))
        return "::error " + properties.joined(separator: ",") + "::" + message(data(for: row))
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count.grouped) \(noun)\(count == 1 ? "" : "s")"
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
