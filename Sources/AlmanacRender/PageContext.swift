import AlmanacCore
import AlmanacModel
import Foundation

/// Makes the view document templates (Markdown) receive; HTML has `HTMLContext`. Building it
/// here keeps the templates free of logic.
struct PageContext {
    func document(for page: Page, view: PageView) -> DocumentView {
        let shown = view.fields
        let formats = shown.map { page.settings.formats[$0] }
        let sections = page.sections.enumerated().map { position, section in
            let sectionRows = section.rows
            return DocumentView.Section(
                title: section.title, id: section.id, anchor: MarkdownEscape.destination(section.id),
                needsExplicitAnchor: !section.hasGitHubAnchor && !section.title.isEmpty,
                header: view.headers[position] ?? "", footer: view.footers[position] ?? "", count: section.rows.count,
                rows: { index in
                    let row = sectionRows[index]
                    let values = row.record.values(shown).enumerated().map { FieldText.row($1, format: formats[$0], strings: page.strings) }
                    return DocumentView.Row(label: row.label, fields: Array(zip(shown, values)))
                },
                isFirst: position == 0)
        }
        return DocumentView(
            title: page.title, name: page.name, summary: TestSummary.line(for: page),
            prose: Self.trimmedProse(view.prose.markdown),
            hasProse: !view.prose.markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            hasIndex: view.hasIndex,
            // The Markdown index links only to sections with rows (an empty one has no heading).
            index: view.index.filter { !$0.isEmpty }.map { DocumentView.IndexLink(title: $0.title, anchor: MarkdownEscape.destination($0.id)) },
            sections: sections, isTable: !shown.isEmpty, labelHeading: page.settings.label(for: page.labelField),
            columns: shown.map { page.settings.label(for: $0) }, count: page.rowCount, strings: page.strings)
    }

    /// Markdown prose without its final line breaks, so the template alone decides the spacing
    /// after it (which lets a rebuild splice new prose into the old file byte-exactly).
    static func trimmedProse(_ markdown: String) -> String {
        var text = Substring(markdown)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return String(text)
    }
}
