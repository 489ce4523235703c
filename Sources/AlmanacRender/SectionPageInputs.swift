/// What the section pages of a split page show besides their own rows: the page's name, title,
/// row count and summary line, every section's id, title, size, file and guide words (the
/// index strip, the pager and the headers read them), and the formats linked beside it. A
/// section page's cache key is made from these bytes, the page's settings and prose headings,
/// and the keys of the rows it lists, so one changed row renders the one page that lists it
/// rather than every section's. Mirrors `HTMLContext.listing` for a section part: a value read
/// there belongs here or in a row's `detailInputs`.
extension PageOutputs {
    public func sectionPagesInputs() -> [UInt8] {
        var bytes: [UInt8] = []
        func text(_ value: String) {
            bytes += value.utf8
            bytes.append(0)
        }
        text(page.name)
        text(page.title)
        text(page.labelField)
        text(String(page.rowCount))
        text(TestSummary.line(for: page) ?? "")
        for twin in twins { text(twin.name) }
        for (index, section) in page.sections.enumerated() {
            text(section.id)
            text(section.title)
            text(String(section.rows.count))
            text(paths.sectionFiles.indices.contains(index) ? paths.sectionFiles[index] : "")
            let parts = paths.sectionParts.indices.contains(index) ? paths.sectionParts[index] : nil
            text(String(parts?.count ?? 0))
            for guide in parts?.guides ?? [] { text(guide) }
        }
        return bytes
    }
}
