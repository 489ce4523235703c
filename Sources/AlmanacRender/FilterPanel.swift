import AlmanacCore
import AlmanacModel

/// The filter panel and Sort by control made from a page's `Facets`, and the two attributes
/// each row carries for them: `data-f`, the row's value numbers for each filter in turn (a
/// range's key instead), and `data-s`, its rank in each order. The browser counts and orders
/// with these numbers alone, so it never compares text as the build's collation does.
enum FilterPanel {
    /// A values list longer than this gets a field that narrows it.
    static let findThreshold = 8

    /// `fields`: the fields rows show, which "Download shown rows" writes after the label.
    static func view(_ page: Page, fields: [String]) -> BrowseView? {
        guard let facets = page.facets else { return nil }
        let settings = page.settings
        let strings = page.strings
        let filters = facets.filters.map { filter -> BrowseView.Filter in
            let legend = settings.label(for: filter.spec.field)
            guard filter.spec.kind == .range else {
                return BrowseView.Filter(
                    param: filter.spec.field, legend: legend, findLabel: strings.text(.findIn, ["field": legend]), kind: filter.spec.kind.rawValue,
                    values: filter.values.enumerated().map { number, value in
                        BrowseView.Value(
                            number: number, title: value.title, text: page.words(for: value.title, in: filter.spec.field),
                            count: strings.number(value.count))
                    },
                    hasFind: filter.values.count > findThreshold, inputType: nil, lowest: nil, highest: nil)
            }
            let keys = filter.keys.compactMap { $0 }
            let bound = { (key: Double?) in key.map { rangeText($0, isDate: filter.isDate) } }
            return BrowseView.Filter(
                param: filter.spec.field, legend: legend, findLabel: "", kind: "range", values: [], hasFind: false,
                inputType: filter.isDate ? "date" : "number", lowest: bound(keys.min()), highest: bound(keys.max()))
        }
        var options = [BrowseView.SortOption(value: "", text: strings.text(page.settings.sort == nil && page.settings.grouping == .firstLetter
            ? .sortSections : .sortPageOrder))]
        for sort in facets.sorts {
            let field = sort.field ?? page.labelField
            let name = settings.label(for: field)
            let (up, down): (InterfaceString, InterfaceString) = switch sort.kind {
            case .text: (.sortAToZ, .sortZToA)
            case .number: (.sortLowestFirst, .sortHighestFirst)
            case .date: (.sortOldestFirst, .sortNewestFirst)
            }
            options.append(.init(value: field, text: strings.text(up, ["field": name])))
            options.append(.init(value: "-" + field, text: strings.text(down, ["field": name])))
        }
        var columns = "["
        for (place, field) in ([page.labelField] + fields.filter { $0 != page.labelField }).enumerated() {
            columns += place == 0 ? "[" : ",["
            JSONWriter.quote(field, into: &columns)
            columns += ","
            JSONWriter.quote(settings.label(for: field), into: &columns)
            columns += "]"
        }
        return BrowseView(filters: filters, sortOptions: facets.sorts.isEmpty ? [] : options, columns: columns + "]", canDownload: !page.isSplit)
    }

    /// A range key as its input writes it: a number as written, a yyyymmdd key as 1999-04-12.
    static func rangeText(_ key: Double, isDate: Bool) -> String {
        guard isDate else { return keyText(key) }
        let whole = Int(key)
        let year = String(whole / 10_000)
        let month = String(whole / 100 % 100)
        let day = String(whole % 100)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-"
            + (month.count < 2 ? "0" : "") + month + "-" + (day.count < 2 ? "0" : "") + day
    }

    /// A number as the browser's `Number()` reads it back: whole numbers without a point.
    static func keyText(_ key: Double) -> String {
        key == key.rounded() && abs(key) < 1e15 ? String(Int(key)) : String(key)
    }

    /// `data-f` of the row at `number` in page order.
    static func filterAttribute(_ facets: Facets, row number: Int) -> String {
        facets.filters.map { filter in
            if filter.spec.kind == .range {
                return filter.keys[number].map(keyText) ?? "-"
            }
            return filter.values(ofRow: number).map { String($0) }.joined(separator: ",")
        }.joined(separator: " ")
    }

    /// `data-s` of the row at `number` in page order.
    static func sortAttribute(_ facets: Facets, row number: Int) -> String {
        facets.sorts.map { $0.ranks[number] < 0 ? "-" : String($0.ranks[number]) }.joined(separator: " ")
    }

    /// The columns of a table listing: the label, then the page's fields.
    static func columns(_ page: Page, view: PageView) -> [ColumnHeading] {
        let sortable = Set((page.facets?.sorts ?? []).map { $0.field ?? page.labelField })
        return ([page.labelField] + view.fields).enumerated().map { place, field in
            ColumnHeading(
                label: page.settings.label(for: field), sort: sortable.contains(field) ? field : nil,
                isNumeric: place > 0 && view.numericFields.contains(field))
        }
    }
}
