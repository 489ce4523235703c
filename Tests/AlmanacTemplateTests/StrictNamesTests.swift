import AlmanacCore
import AlmanacTemplate
import AlmanacTestSupport
import Testing

/// A strict render fails on a name no context has, at its tag; everything Mustache allows
/// otherwise (a null value, a name found further down the stack, a dotted name through a
/// missing object) still renders.
@Suite struct StrictNamesTests {
    func render(_ source: String, _ context: TemplateValue, strict: Bool = true, partials: [String: String] = [:]) throws -> String {
        let renderer = TemplateRenderer(contentType: .html, partials: { name in partials[name].map { ($0, name + ".mustache") } }, isStrict: strict)
        return try renderer.render(try Template(source, path: "t.mustache"), context)
    }

    @Test func aNameNoContextHasIsAnErrorAtItsTag() throws {
        let error = try #require(diagnostic { _ = try render("<p>\n  {{#rows}}{{lable}}{{/rows}}</p>", ["rows": [["label": "A"]]]) })
        #expect(error.location == SourceLocation(path: "t.mustache", line: 2, column: 12))
        #expect(error.message.contains("'lable'"))
        // Mustache itself renders it as nothing.
        #expect(try render("{{#rows}}[{{lable}}]{{/rows}}", ["rows": [["label": "A"]]], strict: false) == "[]")
    }

    @Test func nullValuesAndOuterContextsAreNotMisses() throws {
        let context: TemplateValue = ["title": "T", "image": .null, "rows": [["label": "A", "href": .null]]]
        #expect(try render("{{#rows}}{{label}} of {{title}}{{#href}}!{{/href}}{{/rows}}{{^image}}-{{/image}}", context) == "A of T-")
        #expect(try render("{{#image}}{{image.url}}{{/image}}{{previous.label}}", ["image": .null, "previous": .null]) == "")
    }

    @Test func aMissingPartOfADottedNameIsNamedWithItsPath() throws {
        let error = try #require(diagnostic { _ = try render("{{next.lable}}", ["next": ["label": "B"]]) })
        #expect(error.message.contains("'next.lable'"))
    }

    @Test func aMissInAPartialNamesThePartial() throws {
        let error = try #require(diagnostic { _ = try render("{{> row}}", ["label": "A"], partials: ["row": "{{label}}\n{{nmae}}"]) })
        #expect(error.location == SourceLocation(path: "row.mustache", line: 2, column: 1))
    }
}
