import AlmanacCore

/// How a field's value reads to a person (`formats: {time: duration}`): the value itself stays
/// as the data has it, for sorting, search and the JSON twin; only the page's text changes.
/// Without a format, dates read as the page's locale writes them.
public enum FieldFormat: String, Sendable, CaseIterable, Equatable {
    /// Seconds as a person says a length of time: `627 ms`, `4.2 s`, `1 m 12 s`, `2 h 5 m`.
    case duration
    /// The value as the data writes it: `2024-03-09`, not `Mar 9, 2024`.
    case raw

    /// Whether the format changes how `value` reads.
    public func applies(to value: Value) -> Bool {
        switch (self, value) {
        case (.duration, .number), (.raw, .date): true
        default: false
        }
    }

    /// What a field must hold for the format to change anything, for the warning when none does.
    var appliesTo: String {
        switch self {
        case .duration: "numbers (seconds)"
        case .raw: "dates"
        }
    }

    /// A warning for each format set on a field none of whose values it changes: a setting
    /// with no effect is a mistake the reader of the page would never see. A field with no
    /// values at all (a report's times when the tests were not timed) has nothing to say.
    static func warnings(_ settings: PageSettings, records: [Record]) -> [Diagnostic] {
        settings.formats.sorted { $0.key < $1.key }.compactMap { field, format in
            guard records.contains(where: { ![nil, .null, .string("")].contains($0[field]) }),
                  !records.contains(where: { $0[field].map(format.applies) ?? false }) else { return nil }
            return .warning(
                at: settings.keyLocations["formats"], "'formats' sets '\(field)' to \(format.rawValue), but none of its values is one it changes",
                hint: "\(format.rawValue) applies to \(format.appliesTo)")
        }
    }
}
