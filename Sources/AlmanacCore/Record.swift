/// One row of data: its fields in file order and where it came from.
public struct Record: Sendable, Hashable {
    public var fields: Object
    /// Where the record starts in its file, for errors that name a record.
    public let location: SourceLocation

    public init(fields: Object, location: SourceLocation) {
        self.fields = fields
        self.location = location
    }

    public subscript(name: String) -> Value? { fields[name] }
}
