import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// `almanac add` and `almanac remove`: one record into or out of a data file, in place.
///
/// The file is locked for the whole edit (two edits at once take turns), read, changed by
/// splicing bytes (`RecordRun`), read back to prove the result is valid for its page, and only
/// then written, atomically (`FileSystem.replace`). A failed edit writes nothing.
public struct DataFileEdit: Sendable {
    public struct Options: Sendable {
        /// The page's settings, for a keyed file's `key:` and `columns:` and to check the result.
        public var settings = PageSettings()
        public var section: String?
        /// Values are text, whatever they look like.
        public var valuesAreText = false
        public var allowsNewFields = false
        public var isDryRun = false
        /// Edit even where comments would be lost.
        public var isForced = false
        /// `remove` may take more than one record.
        public var removesAll = false
        /// Set when the settings are a page's: the edited file must still make that page.
        public var page: String?

        public init() {}
    }

    /// What an edit did, or with `isDryRun` would do.
    public struct Outcome: Sendable {
        public let before: [UInt8]
        public let after: [UInt8]
        /// The records taken out (remove) or put in (add).
        public let records: Int

        public var diff: String { LineDiff.unified(before, after) }
    }

    public let fileSystem: any FileSystem
    public let options: Options

    public init(fileSystem: any FileSystem = DiskFileSystem(), options: Options = Options()) {
        self.fileSystem = fileSystem
        self.options = options
    }

    /// Adds a record with these fields (`name=value` already split).
    public func add(to path: String, _ assignments: [(name: String, value: String)]) throws(Diagnostic) -> Outcome {
        try locked(path) { bytes, data throws(Diagnostic) in
            let fields = try typedFields(assignments, data: data, path: path)
            let run = try data.run(forSection: options.section)
            return (try data.adding(fields, in: run, to: bytes), 1)
        }
    }

    /// Removes the records whose fields all equal these values.
    public func remove(from path: String, where conditions: [(name: String, value: String)]) throws(Diagnostic) -> Outcome {
        try locked(path) { bytes, data throws(Diagnostic) in
            for condition in conditions { try checkField(condition.name, data: data, path: path) }
            let matching = data.entries.enumerated().filter { _, entry in
                conditions.allSatisfy { entry.record[$0.name]?.text == $0.value }
            }
            let described = conditions.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            guard !matching.isEmpty else {
                throw .error(at: SourceLocation(path: path), "no record has \(described)")
            }
            if matching.count > 1 && !options.removesAll {
                let lines = matching.prefix(10).map { "  " + Self.describe($0.element.record) }
                throw .error(
                    at: SourceLocation(path: path), "\(matching.count) records have \(described):\n" + lines.joined(separator: "\n"),
                    hint: "add conditions to pick one, or --all to remove every one")
            }
            let lost = data.commentsLost(removing: matching.map(\.offset))
            if let first = lost.first, !options.isForced {
                throw .error(at: first, "removing this record would delete \(lost.count) comment\(lost.count == 1 ? "" : "s") with it", hint: "--force removes it anyway")
            }
            return (try data.removing(matching.map(\.element), from: bytes), matching.count)
        }
    }

    private func locked(
        _ path: String, _ change: ([UInt8], any EditableData) throws(Diagnostic) -> ([UInt8], Int)
    ) throws(Diagnostic) -> Outcome {
        var outcome: Result<Outcome, Diagnostic> = .failure(.error(at: nil, "not edited"))
        do {
            try fileSystem.withExclusiveLock(on: path) {
                outcome = Result { () throws(Diagnostic) -> Outcome in
                    let bytes = try read(path)
                    let data = try open(bytes, path: path)
                    let (after, count) = try change(bytes, data)
                    try validate(after, path: path, shape: data.shapeName)
                    if !options.isDryRun { try write(after, to: path) }
                    return Outcome(before: bytes, after: after, records: count)
                }
            }
        } catch {
            throw .error(at: SourceLocation(path: path), "cannot edit the file: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
        return try outcome.get()
    }

    private func read(_ path: String) throws(Diagnostic) -> [UInt8] {
        do { return try fileSystem.read(path) } catch {
            throw .error(at: SourceLocation(path: path), "cannot read the data file: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        do { try fileSystem.replace(path, with: bytes) } catch {
            throw .error(at: SourceLocation(path: path), "cannot write the data file, which is unchanged: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
    }

    /// How the page says its CSV or TSV file is written.
    var tableOptions: CSVReader.Options {
        CSVReader.Options(comment: options.settings.comment, columns: options.settings.columns, shortRowsAreEmpty: options.settings.shortRowsAreEmpty)
    }

    /// The file in its format's editing form.
    func open(_ bytes: [UInt8], path: String) throws(Diagnostic) -> any EditableData {
        let settings = options.settings
        switch DataFormat(path: path) {
        case .csv: return try CSVData(bytes, path: path, reader: CSVReader(options: tableOptions))
        case .tsv: return try CSVData(bytes, path: path, reader: .tsv(tableOptions))
        case .ndjson: return try NDJSONData(bytes, path: path)
        case .json: return try JSONData(bytes, path: path, columns: settings.columns, keyField: settings.key)
        case .yaml: return try YAMLData(bytes, path: path, columns: settings.columns, keyField: settings.key)
        case .propertyList:
            if bytes.starts(with: Array("bplist".utf8)) {
                return try BinaryPropertyListData(bytes, path: path, columns: settings.columns, keyField: settings.key)
            }
            return try PropertyListData(bytes, path: path, columns: settings.columns, keyField: settings.key)
        case .testResults: throw .error(at: SourceLocation(path: path), "a test report is written by test runners; it cannot be edited")
        case nil:
            throw .error(at: SourceLocation(path: path), "cannot edit a .\(Path.fileExtension(of: path)) file", hint: "supported: csv, tsv, json, ndjson, yaml, plist")
        }
    }

    private func typedFields(_ assignments: [(name: String, value: String)], data: any EditableData, path: String) throws(Diagnostic) -> [Object.Field] {
        var fields: [Object.Field] = []
        for assignment in assignments {
            if fields.contains(where: { $0.name == assignment.name }) {
                throw .error(at: nil, "'\(assignment.name)' is given twice")
            }
            if assignment.name != data.keyedBy { try checkField(assignment.name, data: data, path: path) }
            let value: Value = options.valuesAreText ? .string(assignment.value) : CellValue.infer(assignment.value)
            if !options.valuesAreText { try ColumnFit.check(value, written: assignment.value, field: assignment.name, in: data.entries.map(\.record)) }
            if case .null = value { continue }
            fields.append(Object.Field(name: assignment.name, value: value))
        }
        let label = PageBuilder.labelField(options.settings.label, records: data.entries.map(\.record))
        if data.keyedBy != label, !fields.contains(where: { $0.name == label && !$0.value.text.isEmpty }),
           assignments.contains(where: { $0.name == label }) || !data.entries.isEmpty {
            throw .error(at: nil, "a record needs its label: '\(label)' is empty", hint: "give it a value: \(label)=…")
        }
        return fields
    }

    private func checkField(_ name: String, data: any EditableData, path: String) throws(Diagnostic) {
        let known = data.fieldNames
        guard !known.contains(name), !(options.allowsNewFields && data.acceptsNewFields) else { return }
        if options.allowsNewFields {
            throw .error(at: SourceLocation(path: path), "the file's columns are fixed: '\(name)' is not one of them", hint: "add the column to the header (and every row) first")
        }
        let hint = Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'? (--new-field adds a field)" }
            ?? "fields: \(known.joined(separator: ", ")); --new-field adds one"
        throw .error(at: SourceLocation(path: path), "the records have no field '\(name)'", hint: hint)
    }

    /// The edited bytes read back as the page reads them, so an edit never leaves a file the
    /// build would refuse.
    private func validate(_ bytes: [UInt8], path: String, shape: String) throws(Diagnostic) {
        do throws(Diagnostic) {
            if try open(bytes, path: path).shapeName != shape {
                throw .error(at: SourceLocation(path: path), "it would no longer have the same sections (an empty section reads as a record)")
            }
            var ignored: [Diagnostic] = []
            let loaded = try DataReader.read(bytes, path: path, table: tableOptions, warnings: &ignored)
            switch loaded {
            case .records: break
            case .document(let value, let location):
                _ = try DatasetShape.of(value, at: location, columns: options.settings.columns, keyField: options.settings.key)
            }
            if let page = options.page {
                let shape: DatasetShape
                switch loaded {
                case .records(let records): shape = .rows(records)
                case .document(let value, let location):
                    shape = try DatasetShape.of(value, at: location, columns: options.settings.columns, keyField: options.settings.key)
                }
                _ = try PageBuilder().build(.init(name: "page", settings: options.settings, prose: .empty, data: shape, source: SourceLocation(path: page)))
            }
        } catch {
            throw .error(at: error.location, "the edit would leave the file unreadable: \(error.message)", hint: "nothing was written")
        }
    }

    static func describe(_ record: Record) -> String {
        record.fields.fields.prefix(4).map { "\($0.name)=\($0.value.text)" }.joined(separator: " ")
    }
}
