import EarshotTUI
import Testing

@Suite("The list cursor")
struct ListCursorTests {
    @Test func movingPastTheWindowScrollsItAndTheSelectionStaysInTheList() {
        var cursor = ListCursor(count: 100)
        cursor.move(by: 25, height: 20)
        #expect(cursor.selected == 25)
        #expect(cursor.visible(height: 20) == 6..<26)
        cursor.move(by: -1000, height: 20)
        #expect(cursor.selected == 0 && cursor.visible(height: 20) == 0..<20)
        cursor.select(Int.max / 2, height: 20)
        #expect(cursor.selected == 99 && cursor.visible(height: 20) == 80..<100)
    }

    @Test func aShorterListKeepsTheSelectionOnItsLastRow() {
        var cursor = ListCursor(count: 10)
        cursor.select(9, height: 5)
        cursor.resize(to: 3)
        #expect(cursor.selected == 2)
        #expect(cursor.visible(height: 5) == 0..<3)
        cursor.resize(to: 0)
        #expect(cursor.selected == 0 && cursor.visible(height: 5).isEmpty)
    }
}
