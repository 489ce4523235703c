import AlmanacCore
@testable import AlmanacRender
import Testing

@Suite struct SingleFileAssetsTests {
    /// The hashes a policy names are SHA-256 in base64, as browsers compute them.
    @Test(arguments: [("", "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="), ("abc", "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")])
    func hashesAreSHA256InBase64(text: String, hash: String) {
        #expect(SingleFileAssets.hash(text) == hash)
    }

    @Test func thePolicyAllowsOnlyTheInlineScriptAndStyle() {
        let policy = SingleFileAssets.policy(style: "a{}", script: "x()")
        #expect(policy.hasPrefix("default-src 'none'; script-src '\(SingleFileAssets.hash("x()"))'; style-src '\(SingleFileAssets.hash("a{}"))';"))
        #expect(!policy.contains("unsafe"))
    }

    @Test func anAssetThatWouldCloseItsElementIsRefused() {
        #expect(throws: Diagnostic.self) { try SingleFileAssets(style: "a{}", script: "let s = '</SCRIPT>';") }
        #expect(throws: Diagnostic.self) { try SingleFileAssets(style: "a{} </style>", script: "") }
        #expect(throws: Diagnostic.self) { try SingleFileAssets(style: "a{}", script: "let c = '<!--';") }
        #expect(throws: Never.self) { try SingleFileAssets(style: "a{}", script: "if (a < b) {}") }
    }

    @Test func searchDataCannotEndItsScript() {
        let inline = SingleFileAssets.inlineSearchData(Array(#"x["p"]=["</script><!--"];"#.utf8))
        #expect(inline == #"x["p"]=["\u003c/script>\u003c!--"];"#)
    }
}
