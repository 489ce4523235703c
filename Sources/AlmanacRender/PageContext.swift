import AlmanacCore
import AlmanacModel
import AlmanacTemplate
import Foundation

/// The view of a page that document templates (Markdown) receive; HTML has `HTMLContext`.
/// Building it here keeps the templates free of logic.
public struct PageContext {
    public init() {}

    public func value(for page: Page, view: PageView) throws(Diagnostic) -> TemplateValue {
        let shown = view.fields
        var sections: [TemplateValue] = []
        for (position, section) in page.sections.enumerated() {
            let header = view.headers[position] ?? ""
            let footer = view.footers[position] ?? ""
            let sectionRows = section.rows
            let rows = LazyList(count: sectionRows.count) { index in
                let row = sectionRows[index]
                let texts = shown.map { row.record[$0]?.text ?? "" }
                return [
                    "label": .string(row.label),
                    "fields": .list(zip(shown, texts).map { ["name": .string($0), "value": .string($1)] }),
                ]
            }
            sections.append([
                "title": .string(section.title),
                "id": .string(section.id),
                "anchor": .string(MarkdownEscape.destination(section.id)),
                "hasTitle": .bool(!section.title.isEmpty),
                "needsExplicitAnchor": .bool(AnchorSlugger.base(section.title).isEmpty && !section.title.isEmpty),
                "header": .string(header),
                "footer": .string(footer),
                "count": .number(Double(section.rows.count)),
                "isEmpty": .bool(section.rows.isEmpty),
                "rows": .lazyList(rows),
                "isFirst": .bool(position == 0),
            ])
        }
        // The Markdown index links only to sections with rows (an empty one has no heading).
        let listed = view.index.filter { !$0.isEmpty }
        let indexEntries: [TemplateValue] = listed.enumerated().map { place, entry in
            ["title": .string(entry.title), "anchor": .string(MarkdownEscape.destination(entry.id)), "isLast": .bool(place == listed.count - 1)]
        }
        return [
            "title": .string(page.title),
            "name": .string(page.name),
            "summary": TestSummary.line(for: page).map(TemplateValue.string) ?? .bool(false),
            "prose": .string(PageContext.trimmedProse(view.prose.markdown)),
            "hasProse": .bool(!view.prose.markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty),
            "hasIndex": .bool(view.hasIndex),
            "index": .list(indexEntries),
            "sections": .list(sections),
            "isTable": .bool(!shown.isEmpty),
            "labelHeading": .string(page.settings.label(for: page.labelField)),
            "columns": .list(shown.map { ["name": .string(page.settings.label(for: $0))] }),
            "count": .number(Double(page.rowCount)),
            "isEmpty": .bool(page.rowCount == 0),
        ]
    }

    /// Markdown prose without its final line breaks, so the template alone decides the spacing
    /// after it (which lets a rebuild splice new prose into the old file byte-exactly).
    public static func trimmedProse(_ markdown: String) -> String {
        var text = Substring(markdown)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return String(text)
    }
}
