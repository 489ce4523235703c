import AlmanacModel

/// What a reader sees each field called, worked out once for a run of detail pages rather than
/// for every field of every row: making a name readable cost a tenth of a detail page's
/// context. A handful of names, kept in order of first use and compared directly.
struct FieldLabels {
    private let settings: PageSettings
    private var known: [(field: String, label: String)] = []

    init(_ settings: PageSettings) {
        self.settings = settings
    }

    mutating func label(for field: String) -> String {
        if let found = known.first(where: { $0.field == field }) { return found.label }
        let label = settings.label(for: field)
        // A record of hundreds of fields must not make every lookup a long walk.
        if known.count < 64 { known.append((field, label)) }
        return label
    }
}
