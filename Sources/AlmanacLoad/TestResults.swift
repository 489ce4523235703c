import AlmanacCore

/// A results file read: one record per test, and the name the run gives itself, which titles
/// its report when the page gives none.
public struct TestResults: Sendable {
    public var records: [Record]
    public var name: String?

    public init(records: [Record], name: String?) {
        self.records = records
        self.name = name
    }
}
