import XCTest
import RxModal

/// Listing and describing kinds as an API, as gst-inspect does for GStreamer.
final class PluginDescriptionTests: RxTestCase {
    func testDescribeGivesNameSourceResultAndEachMethodWithSignatureAndDoc() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let path = try fixture.plugin(kind: "testgood", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))

        XCTAssertEqual(registry.describe(try registry.kind(named: "testgood")), """
            testgood 1.2.3
              A plugin for the registry's tests.
              source: \(path)
              result: nothing: it never presents
              precondition: yes   authorization: no
              methods:
                setTitle(title) [s] — Sets the title shown at the top.
                setCount(count) [i] — Sets how many; a negative count is unsupported.

            """)
    }

    func testDescriptionAsAValueHasTheSameContentAndAJSONForm() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        let path = try fixture.plugin(.withAuthorization, kind: "authorized", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))

        let value = registry.describeAsValue(try registry.kind(named: "authorized"))

        XCTAssertEqual(value, [
            "name": "authorized",
            "version": "1.2.3",
            "summary": "A plugin for the registry's tests.",
            "source": .string(path),
            "result": "nothing: it never presents",
            "hasPrecondition": true,
            "hasAuthorization": true,
            "methods": [
                ["name": "setTitle", "signature": "s", "arguments": ["title"], "doc": "Sets the title shown at the top."],
                ["name": "setCount", "signature": "i", "arguments": ["count"], "doc": "Sets how many; a negative count is unsupported."],
            ],
        ])
        XCTAssertEqual(try ModalValue(json: value.json), value)
    }

    func testDescribeAllListsEveryKindThenTheSkippedFilesThenTheFoldersSearched() throws {
        let fixture = try PluginFixture(for: self)
        let directory = try fixture.directory("plugins")
        try fixture.plugin(kind: "one", in: directory)
        try fixture.plugin(.entryNull, kind: "two", in: directory)
        let registry = ModalRegistry(searchPath: .explicit([directory]))

        let text = registry.describeAll()

        XCTAssertTrue(text.hasPrefix("one 1.2.3\n"), text)
        XCTAssertTrue(text.hasSuffix("skipped:\n  \(directory)/librxmodal-two.so: rxm_plugin_entry returned NULL\n"
                                     + "\nsearched folders:\n  \(directory) (given by the caller): searched, 2 candidate files\n"), text)
    }
}
