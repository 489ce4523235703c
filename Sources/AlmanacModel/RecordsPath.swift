import AlmanacCore

/// `records:`, where a document that wraps its records keeps them: a key (`3166-1`) or a path of
/// keys (`data.items`). Without it, an object of lists reads as pre-grouped sections, which
/// is right for `{"Fruit": [...], "Vegetables": [...]}` and silently wrong for a file that
/// merely wraps one list: that case is a warning naming the setting.
public enum RecordsPath {
    /// The value at `path` in `document`; an error at the setting when a step is not there.
    public static func find(_ path: String, in document: Value, at location: SourceLocation) throws(Diagnostic) -> Value {
        if case .object(let object) = document, let whole = object[path] { return whole }
        var value = document
        var walked: [String] = []
        for step in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard case .object(let object) = value else {
                throw .error(
                    at: location, "'records' names '\(path)', but \(walked.isEmpty ? "the file" : "'\(walked.joined(separator: "."))'") is \(value.kindName), not an object",
                    hint: "name the keys from the top of the file to the list of records, joined by dots")
            }
            guard let next = object[step] else {
                let keys = object.fields.map(\.name)
                let hint = Suggestion.closest(to: step, in: keys).map { "did you mean '\($0)'?" }
                    ?? "the keys there: \(keys.prefix(12).joined(separator: ", "))"
                throw .error(at: location, "'records' names '\(path)', but \(walked.isEmpty ? "the file" : "'\(walked.joined(separator: "."))'") has no '\(step)'", hint: hint)
            }
            walked.append(step)
            value = next
        }
        return value
    }

    /// The warning for a document read as pre-grouped sections where the page likely meant
    /// otherwise: the object holds a single list (a wrapper, as iso-codes' `{"3166-1": [...]}`),
    /// or the page asks to group or sort rows itself, which sections given by the data skip.
    public static func preGroupedWarning(_ document: Value, shape: DatasetShape, settings: PageSettings, at location: SourceLocation) -> Diagnostic? {
        guard case .sections(let sections) = shape, case .object(let object) = document else { return nil }
        let asked = ["group", "sort"].filter { settings.keyLocations[$0] != nil }
        guard sections.count == 1 || !asked.isEmpty else { return nil }
        let first = object.fields.first?.name ?? ""
        let ignored = asked.isEmpty ? "" : ": \(asked.map { "'\($0)'" }.joined(separator: " and ")) \(asked.count == 1 ? "is" : "are") not applied"
        return .warning(
            at: asked.first.flatMap { settings.keyLocations[$0] } ?? location,
            "the data is an object of lists, read as \(sections.count == 1 ? "one pre-grouped section, '\(first)'" : "pre-grouped sections")\(ignored)",
            hint: "if the records are the list in '\(first)', say so with records: \(first)")
    }
}
