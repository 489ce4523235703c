import AlmanacCore

/// A section's header or footer as a page sets it: Mustache over the section's `title`,
/// `count` and `isOne` (`{{count}} state{{^isOne}}s{{/isOne}}`). Parsed once per page where
/// the page is rendered (`PageView`), filled in once per section, and every format shows that
/// same text, escaped its own way. `check` tries a page's before anything is built, so a
/// mistake is reported at its own key.
public struct SectionText: Sendable {
    public let source: String
    private let template: Template

    /// `location`: where the setting is written, for a mistake in it.
    public init(_ source: String, at location: SourceLocation = SourceLocation(path: "settings")) throws(Diagnostic) {
        do {
            template = try Template(source, path: location.path)
        } catch {
            throw .error(at: location, "the template in this setting is not valid: \(error.message)", hint: error.hint ?? Self.hint)
        }
        self.source = source
    }

    static let hint = "write Mustache over {{title}}, {{count}} and {{#isOne}}…{{/isOne}}"

    /// Parses and fills in a page's header and footer once, so that a mistake in either is
    /// an error at its key (where `texts` says it is written) before the page is built.
    public static func check(_ texts: [(source: String?, location: SourceLocation)]) throws(Diagnostic) {
        for (source, location) in texts {
            guard let source else { continue }
            _ = try SectionText(source, at: location).filled(title: "A", count: 2, at: location)
        }
    }

    /// The text for one section, plain (each format escapes it where it lands); nil when it
    /// comes out empty, or cannot be filled in (which `check` has already reported).
    public func text(title: String, count: Int) -> String? {
        guard let text = try? filled(title: title, count: count, at: SourceLocation(path: "settings")), !text.isEmpty else { return nil }
        return text
    }

    private func filled(title: String, count: Int, at location: SourceLocation) throws(Diagnostic) -> String {
        let values: TemplateValue = ["count": .number(Double(count)), "title": .string(title), "isOne": .bool(count == 1)]
        do {
            return try TemplateRenderer(contentType: .text) { _ in nil }.render(template, values)
        } catch {
            throw .error(at: location, "the template in this setting failed: \(error.message)", hint: error.hint ?? Self.hint)
        }
    }
}
