import AlmanacTemplate
import Testing

/// Objects share their storage until one is changed, and find names by a signature of their
/// length and first bytes: neither may show.
@Suite struct TemplateObjectTests {
    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original: TemplateObject = ["name": "Ann", "city": "Oslo"]
        var copy = original
        copy["name"] = "Bo"
        copy["zone"] = "B"
        copy["city"] = nil
        #expect(original["name"] == "Ann" && original["city"] == "Oslo" && original["zone"] == nil)
        #expect(copy["name"] == "Bo" && copy["city"] == nil && copy["zone"] == "B")
        #expect(original.keys == ["name", "city"] && copy.keys == ["name", "zone"])
    }

    @Test func namesAlikeInLengthOrFirstBytesAreToldApart() {
        let object: TemplateObject = [
            "html": 1, "href": 2, "name": 3, "sectionTitle": 4, "sectionTitles": 5, "sectionTitlf": 6, "é": 7, "e\u{301}": 8,
        ]
        #expect(object["html"] == 1 && object["href"] == 2 && object["name"] == 3)
        #expect(object["sectionTitle"] == 4 && object["sectionTitles"] == 5 && object["sectionTitlf"] == 6)
        #expect(object["é"] == 7 && object["e\u{301}"] == 8)
        #expect(object["hre"] == nil && object["sectionTitl"] == nil && object[""] == nil)
    }

    @Test func aNameGivenTwiceKeepsItsLastValueOnce() {
        let object: TemplateObject = ["name": "Ann", "city": "Oslo", "name": "Bo"]
        let value: TemplateValue = ["name": "Ann", "name": "Cy"]
        #expect(object.keys == ["name", "city"] && object["name"] == "Bo")
        #expect(value == ["name": "Cy"])
    }

    @Test func dottedNamesWalkNestedObjects() throws {
        let renderer = TemplateRenderer(contentType: .text) { _ in nil }
        let context: TemplateValue = ["outer": ["middleName": ["innermostValue": "deep"]], "innermostValue": "shallow"]
        #expect(try renderer.render(try Template("{{outer.middleName.innermostValue}} {{innermostValue}} {{outer.missing}}"), context) == "deep shallow ")
    }
}
