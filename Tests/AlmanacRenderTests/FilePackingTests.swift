import Testing
@testable import AlmanacRender

@Suite struct FilePackingTests {
    @Test func itemsFillAFileInOrderUntilTheNextWouldTakeItPastItsCapacity() {
        #expect(FilePacking.inOrder([60, 30, 20, 100, 5], capacity: 100) == [0, 0, 1, 2, 3])
    }

    @Test func anItemLargerThanAFileHasOneToItself() {
        #expect(FilePacking.inOrder([10, 250, 10], capacity: 100) == [0, 1, 2])
    }

    @Test func aFileStartsWhereTheCallerSays() {
        #expect(FilePacking.inOrder([1, 1, 1, 1], capacity: 100) { $0 == 2 } == [0, 0, 1, 1])
    }
}
