import AlmanacCore
import AlmanacModel
import AlmanacTemplate
import Foundation

/// The view of a page that Markdown templates receive (HTML has `HTMLContext`), and the
/// expansion of section headers and footers that every format shares. Building it here keeps
/// the templates free of logic.
public struct PageContext {
    /// Footers and headers are themselves small templates (`{{count}} states`), expanded as
    /// plain text here and escaped by whichever format shows them.
    private let sectionText: TemplateRenderer

    public init() {
        self.sectionText = TemplateRenderer(contentType: .text) { _ in nil }
    }

    public func value(for page: Page) throws(Diagnostic) -> TemplateValue {
        let shown = page.settings.fields
        var sections: [TemplateValue] = []
        var indexEntries: [TemplateValue] = []
        let titled = page.sections.filter { !$0.title.isEmpty }
        for (position, section) in page.sections.enumerated() {
            let sectionValues = Self.footerContext(section)
            let header = try expand(section.header, page: page, context: sectionValues)
            let footer = try expand(section.footer, page: page, context: sectionValues)
            let rows: [TemplateValue] = section.rows.map { row in
                let texts = shown.map { row.record[$0]?.text ?? "" }
                return [
                    "label": .string(row.label),
                    "slug": .string(row.slug),
                    "fields": .list(zip(shown, texts).map { ["name": .string($0), "value": .string($1)] }),
                    "details": .string(texts.filter { !$0.isEmpty }.joined(separator: " · ")),
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
                "rows": .list(rows),
                "isFirst": .bool(position == 0),
            ])
            if !section.title.isEmpty && !section.isEmpty {
                indexEntries.append([
                    "title": .string(section.title),
                    "anchor": .string(MarkdownEscape.destination(section.id)),
                    "isLast": .bool(false),
                ])
            }
        }
        if !indexEntries.isEmpty, case .object(var last) = indexEntries[indexEntries.count - 1] {
            last["isLast"] = .bool(true)
            indexEntries[indexEntries.count - 1] = .object(last)
        }
        return [
            "title": .string(page.title),
            "name": .string(page.name),
            "prose": .string(PageContext.trimmedProse(page.prose.markdown)),
            "hasProse": .bool(!page.prose.markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty),
            "hasIndex": .bool(page.settings.index != .off && titled.count > 1 && !indexEntries.isEmpty),
            "index": .list(indexEntries),
            "sections": .list(sections),
            "isTable": .bool(!shown.isEmpty),
            "labelHeading": .string(page.labelField),
            "columns": .list(shown.map { ["name": .string($0)] }),
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

    /// What a section's header and footer text may use: `{{count}}`, `{{title}}`, and
    /// `{{#isOne}}` for singulars (`{{count}} state{{^isOne}}s{{/isOne}}`).
    static func footerContext(_ section: Section) -> TemplateValue {
        ["count": .number(Double(section.rows.count)), "title": .string(section.title), "isOne": .bool(section.rows.count == 1)]
    }

    func expand(_ text: String?, page: Page, context: TemplateValue) throws(Diagnostic) -> String {
        guard let text, !text.isEmpty else { return "" }
        return try sectionText.render(source: text, path: page.source.path, context)
    }
}
