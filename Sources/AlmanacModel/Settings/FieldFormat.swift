/// How a field's value reads to a person (`formats: {time: duration}`): the value itself stays
/// as the data has it, for sorting, search and the JSON twin; only the page's text changes.
public enum FieldFormat: String, Sendable, CaseIterable, Equatable {
    /// Seconds as a person says a length of time: `627 ms`, `4.2 s`, `1 m 12 s`, `2 h 5 m`.
    case duration
}
