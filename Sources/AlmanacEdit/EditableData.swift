import AlmanacCore
import AlmanacModel

/// A data file opened for editing: its records with the run and place each sits at, and how
/// the file writes a new one. One kind per format; `DataFileEdit` does the rest.
protocol EditableData {
    /// Every record, in the order the readers give them.
    var entries: [EditEntry] { get }
    /// The lists records sit in: one, or one per section of a pre-grouped file.
    var runs: [RecordRun] { get }
    /// The fields the file's records have, in the order a new record writes them.
    var fieldNames: [String] { get }
    /// What the file holds, to tell an edit that would change it (`rows`, `keyed`,
    /// `sections:Fruit,Nuts`): removing a section's last record must not turn it into a record.
    var shapeName: String { get }
    /// The field that names each record of a keyed file (its key is not one of the records'
    /// own fields); nil for other files.
    var keyedBy: String? { get }
    /// Whether a record may bring a field the others lack (a CSV's columns are fixed).
    var acceptsNewFields: Bool { get }
    /// The run a new record goes in: the section named, or the only one.
    func run(forSection section: String?) throws(Diagnostic) -> Int
    /// A new record's bytes, written as the file writes the records of that run.
    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8]
    /// Comments that removing these entries would delete with them (YAML keeps comments).
    func commentsLost(removing entries: [Int]) -> [SourceLocation]
    func adding(_ record: [Object.Field], in run: Int, to bytes: [UInt8]) throws(Diagnostic) -> [UInt8]
    func removing(_ chosen: [EditEntry], from bytes: [UInt8]) throws(Diagnostic) -> [UInt8]
}

extension EditableData {
    func commentsLost(removing entries: [Int]) -> [SourceLocation] { [] }
    var shapeName: String { "rows" }
    var keyedBy: String? { nil }

    /// The file with a record added: spliced after the run's last (a format that cannot be
    /// spliced, a binary property list, writes itself anew).
    func adding(_ record: [Object.Field], in run: Int, to bytes: [UInt8]) throws(Diagnostic) -> [UInt8] {
        runs[run].appending(try self.bytes(of: record, in: run), to: bytes)
    }

    func removing(_ chosen: [EditEntry], from bytes: [UInt8]) throws(Diagnostic) -> [UInt8] {
        runs.removing(chosen, from: bytes)
    }
}

struct EditEntry {
    let record: Record
    let run: Int
    let item: Int
}

/// Runs that sit one after another in the file, edited from the last so that an earlier
/// run's ranges still hold.
extension Array where Element == RecordRun {
    func removing(_ chosen: [EditEntry], from bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let byRun = Dictionary(grouping: chosen, by: \.run)
        let order = byRun.keys.sorted { (self[$0].items.first?.lowerBound ?? 0) > (self[$1].items.first?.lowerBound ?? 0) }
        for run in order {
            result = self[run].removing((byRun[run] ?? []).map(\.item), from: result)
        }
        return result
    }
}

extension DatasetShape {
    /// The records in reader order, each with the run (section) and place it sits at.
    var editEntries: (records: [Record], entries: [EditEntry]) {
        switch self {
        case .rows(let rows):
            return (rows, rows.enumerated().map { EditEntry(record: $1, run: 0, item: $0) })
        case .sections(let sections):
            return (sections.flatMap(\.records), sections.enumerated().flatMap { run, section in
                section.records.enumerated().map { EditEntry(record: $1, run: run, item: $0) }
            })
        }
    }
}
