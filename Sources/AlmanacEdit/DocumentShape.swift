import AlmanacCore
import AlmanacModel

/// The shapes a JSON or YAML document of records comes in, and what each allows an edit.
enum DocumentShape {
    /// A list of records.
    case list
    /// An object keyed by each record's label: its values objects, or lists named by `columns`.
    case keyed(columns: [String]?)
    /// An object of sections, each a list (pre-grouped); `--section` names one.
    case sections([String])

    var name: String {
        switch self {
        case .list: return "rows"
        case .keyed: return "keyed"
        case .sections(let titles): return "sections:" + titles.joined(separator: ",")
        }
    }

    /// A record of a file keyed by lists has exactly the listed fields.
    var acceptsNewFields: Bool {
        if case .keyed(let columns?) = self { return columns.isEmpty }
        return true
    }

    func run(forSection section: String?) throws(Diagnostic) -> Int {
        guard case .sections(let titles) = self else {
            if let section { throw .error(at: nil, "this file is not grouped into sections (--section \(section))") }
            return 0
        }
        guard let section else {
            guard titles.count == 1 else {
                throw .error(at: nil, "the file has sections; name one with --section", hint: "sections: \(titles.joined(separator: ", "))")
            }
            return 0
        }
        guard let index = titles.firstIndex(of: section) else {
            let hint = Suggestion.closest(to: section, in: titles).map { "did you mean '\($0)'?" } ?? "sections: \(titles.joined(separator: ", "))"
            throw .error(at: nil, "no section '\(section)' in the file", hint: hint)
        }
        return index
    }

    /// A new keyed record's key, which it must have and no other record may.
    static func key(of record: [Object.Field], field: String, among records: [Record]) throws(Diagnostic) -> String {
        guard let key = record.first(where: { $0.name == field }), !key.value.text.isEmpty else {
            throw .error(at: nil, "a record of this file needs '\(field)', its key", hint: "add \(field)=…")
        }
        if records.contains(where: { $0[field]?.text == key.value.text }) {
            throw .error(at: nil, "the file already has a record '\(key.value.text)'", hint: "keys of a keyed file are unique")
        }
        return key.value.text
    }
}

/// A JSON, YAML or property-list file of records: what its shape decides for an edit.
protocol DocumentData: EditableData {
    var shape: DocumentShape { get }
    var keyField: String { get }
    var records: [Record] { get }
}

extension DocumentData {
    var fieldNames: [String] { FieldOrder.names(of: records) }
    var shapeName: String { shape.name }
    var acceptsNewFields: Bool { shape.acceptsNewFields }

    var keyedBy: String? {
        if case .keyed = shape { return keyField }
        return nil
    }

    func run(forSection section: String?) throws(Diagnostic) -> Int {
        try shape.run(forSection: section)
    }
}
