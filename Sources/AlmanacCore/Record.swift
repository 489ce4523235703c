/// One row of data: its fields in file order and where it came from.
///
/// A record is a place in a `RecordTable`, which holds the values compactly; its fields are
/// decoded when read, so read a field by name (`record["name"]`) rather than all of them where
/// one will do.
public struct Record: Sendable, Hashable {
    let table: RecordTable
    let row: Int

    init(table: RecordTable, row: Int) {
        self.table = table
        self.row = row
    }

    /// A record in a table of its own; readers of many records use `RecordTable.Builder`.
    public init(fields: Object, location: SourceLocation) {
        var builder = RecordTable.Builder()
        builder.append(fields, at: location)
        self = builder.finish()[0]
    }

    /// Where the record starts in its file, for errors that name a record.
    public var location: SourceLocation { table.location(of: row) }

    public var fields: Object { table.object(at: row) }

    /// The field names in file order, without decoding the values.
    public var fieldNames: [String] { table.fieldNames(at: row) }

    public subscript(name: String) -> Value? { table.value(named: name, at: row) }

    /// The values of `names`, in order, read in one pass over the record.
    public func values(_ names: [String]) -> [Value?] { table.values(named: names, at: row) }

    /// Appends the record's fields, names and encoded values, as bytes that differ whenever a
    /// field does: for keys made from what a row shows, without decoding it.
    public func appendContent(to bytes: inout [UInt8]) {
        table.appendContent(at: row, to: &bytes)
    }

    /// Every field name of `records`, in the order first met. A name is known by its number
    /// in its record's table rather than hashed as a string for every record: pages ask this
    /// of all their records, a million at a time, before anything else can start.
    public static func fieldNames(of records: [Record]) -> [String] {
        var names: [String] = []
        var known = Set<String>()
        // Readers make a table per file, or per chunk of a large file: a handful in all.
        var seenByTable: [ObjectIdentifier: [Bool]] = [:]
        var table: RecordTable?
        var seen: [Bool] = []
        for record in records {
            if record.table !== table {
                if let table { seenByTable[ObjectIdentifier(table)] = seen }
                table = record.table
                seen = seenByTable[ObjectIdentifier(record.table)] ?? Array(repeating: false, count: record.table.names.count)
            }
            record.table.forEachNameIndex(at: record.row) { index in
                guard !seen[index] else { return }
                seen[index] = true
                let name = record.table.names[index]
                if known.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }

    public static func == (lhs: Record, rhs: Record) -> Bool {
        (lhs.table === rhs.table && lhs.row == rhs.row) || (lhs.location == rhs.location && lhs.fields == rhs.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(fields)
    }
}
