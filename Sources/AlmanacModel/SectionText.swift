import AlmanacCore
import AlmanacTemplate

/// A section's header or footer as a page sets it: Mustache over the section's `title`,
/// `count` and `isOne` (`{{count}} state{{^isOne}}s{{/isOne}}`). It is parsed once, when the
/// settings are read, so a mistake is reported at its own key; the model fills it in once per
/// section, and every format shows that same text, escaped its own way.
public struct SectionText: Sendable, Equatable {
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

    /// The text for one section, plain (each format escapes it where it lands).
    public func text(title: String, count: Int, at location: SourceLocation) throws(Diagnostic) -> String {
        let values: TemplateValue = ["count": .number(Double(count)), "title": .string(title), "isOne": .bool(count == 1)]
        do {
            return try TemplateRenderer(contentType: .text) { _ in nil }.render(template, values)
        } catch {
            throw .error(at: location, "the template in this setting failed: \(error.message)", hint: error.hint ?? Self.hint)
        }
    }

    public static func == (first: SectionText, second: SectionText) -> Bool { first.source == second.source }
}
