@testable import AlmanacModel
import Testing

/// A field's name as a reader sees it is made by two paths, bytes for ASCII names and
/// characters for the rest; they must agree wherever both apply.
@Suite struct FieldLabelPathTests {
    @Test(arguments: [
        "wingspan_cm", "firstName", "name", "URL", "top-speed", "", "_", "a__b", "__lead", "trail--",
        "HTTPServer", "camelCaseID", "x1Y", "a1b2", "ALL CAPS here", "mixed_Case-andMore", "9lives", "zZ", "Zz",
    ])
    func theASCIIPathNamesAFieldAsTheUnicodePathDoes(field: String) {
        #expect(PageSettings.asciiLabel(field) == PageSettings.readableLabel(field))
    }

    @Test func aNameBeyondASCIIGoesTheUnicodePath() {
        #expect(PageSettings.asciiLabel("größe_cm") == nil)
        #expect(PageSettings().label(for: "éclairsCount") == "Éclairs count")
        #expect(PageSettings().label(for: "straße") == "Straße")
    }
}
