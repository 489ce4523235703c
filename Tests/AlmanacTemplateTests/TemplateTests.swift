import AlmanacCore
import AlmanacTemplate
import AlmanacTestSupport
import Testing

@Suite struct TemplateTests {
    func render(_ source: String, _ context: TemplateValue, as type: ContentType = .html, partials: [String: String] = [:]) throws -> String {
        let renderer = TemplateRenderer(contentType: type) { name in partials[name].map { ($0, name) } }
        return try renderer.render(try Template(source, path: "t.mustache"), context)
    }

    /// Renderers of one build share what they parse; a partial and an override still come out
    /// indented for each place they are used, whichever renderer parsed them first.
    @Test func renderersSharingACacheIndentEachPartialAndOverrideForItsPlace() throws {
        let library = TemplateLibrary(
            overrides: [:], overrideRoot: "",
            defaults: [
                "partials/item.html.mustache": "<li>{{.}}</li>\n<li>again</li>\n",
                "partials/frame.html.mustache": "<main>\n  {{$body}}\n  default\n  {{/body}}\n</main>\n",
                "page.html.mustache": "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n{{<frame}}\n{{$body}}\n<p>{{title}}</p>\n{{/body}}\n{{/frame}}\n",
                "flat.html.mustache": "{{#items}}\n{{>item}}\n{{/items}}\n",
            ])
        func renderer() -> TemplateRenderer {
            TemplateRenderer(contentType: .html, partials: library.partials(format: "html"), cache: library.cache(format: "html"))
        }
        let context: TemplateValue = ["items": ["a"], "title": "T"]
        let page = try #require(try library.template(named: "page.html.mustache"))
        let flat = try #require(try library.template(named: "flat.html.mustache"))
        let expectedPage = "<ul>\n  <li>a</li>\n  <li>again</li>\n</ul>\n<main>\n  <p>T</p>\n</main>\n"
        let expectedFlat = "<li>a</li>\n<li>again</li>\n"
        #expect(try renderer().render(page, context) == expectedPage)
        #expect(try renderer().render(flat, context) == expectedFlat)
        #expect(try renderer().render(page, context) == expectedPage)
        #expect(library.cache(format: "html") === library.cache(format: "html"))
        #expect(library.cache(format: "html") !== library.cache(format: "md"))
    }

    @Test func htmlEscapingCoversQuotesAndApostrophes() throws {
        #expect(try render("{{x}}", ["x": "<a href=\"x\" title='y'>&</a>"]) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    @Test func contentTypeDecidesEscaping() throws {
        let shout = ContentType(name: "shout", escape: { $0.uppercased() })
        #expect(try render("{{x}} {{{x}}} {{&x}}", ["x": "a<b"], as: shout) == "A<B a<b a<b")
        #expect(try render("{{x}}", ["x": "a<b"], as: .text) == "a<b")
    }

    @Test func aLazyListRendersItsItemsInOrderAsTheyAreReached() throws {
        let made = Counter()
        let list = LazyList(count: 3) { index in
            made.add()
            return ["n": .number(Double(index)), "even": .bool(index % 2 == 0)]
        }
        let source = "{{#rows}}{{n}}{{#even}}e{{/even}},{{/rows}}{{^rows}}none{{/rows}}"
        #expect(try render(source, ["rows": .lazyList(list)]) == "0e,1,2e,")
        #expect(made.value == 3, "each item is made once, when its turn comes")
        #expect(try render(source, ["rows": .lazyList(LazyList(count: 0) { _ in .null })]) == "none")
        #expect(try render(source, ["rows": .lazyList(list)]) == render(source, ["rows": .list(list.items)]))
    }

    final class Counter: @unchecked Sendable {
        private(set) var value = 0
        func add() { value += 1 }
    }

    @Test func emptyStringIsFalsy() throws {
        #expect(try render("{{#x}}yes{{/x}}{{^x}}no{{/x}}", ["x": ""]) == "no")
    }

    @Test(arguments: [
        ("Hello {{name", 1, 7, "unclosed tag"),
        ("line\n{{#a}}\n{{/b}}", 3, 1, "'b' closes, but 'a' is open"),
        ("{{#a}}\nnever closed", 1, 1, "never closed"),
        ("{{/a}}", 1, 1, "never opened"),
        ("x\n  {{=<% =}}", 2, 3, "invalid delimiter"),
        ("{{}}", 1, 1, "empty tag"),
    ])
    func errorsNameTheTemplateLineAndColumn(source: String, line: Int, column: Int, message: String) throws {
        let error = try #require(diagnostic { _ = try Template(source, path: "Templates/page.md.mustache") })
        #expect(error.location == SourceLocation(path: "Templates/page.md.mustache", line: line, column: column))
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func selfIncludingPartialIsAnErrorNotACrash() throws {
        #expect(diagnostic { _ = try render("{{>loop}}", [:], partials: ["loop": "x{{>loop}}"]) } != nil)
    }

    @Test func libraryPrefersTheSitesFilePerFile() throws {
        let library = TemplateLibrary(
            overrides: ["partials/row.md.mustache": "custom {{label}}"], overrideRoot: "Templates",
            defaults: ["partials/row.md.mustache": "default {{label}}", "page.md.mustache": "{{#rows}}{{>row}};{{/rows}}"])
        #expect(library.source(named: "partials/row.md.mustache")?.path == "Templates/partials/row.md.mustache")
        #expect(library.source(named: "page.md.mustache")?.path == "(built-in)/page.md.mustache")
        let renderer = TemplateRenderer(contentType: .text, partials: library.partials(format: "md"))
        let page = try Template(library.source(named: "page.md.mustache")?.text ?? "", path: "page")
        #expect(try renderer.render(page, ["rows": [["label": "a"], ["label": "b"]]]) == "custom a;custom b;")
    }
}
