// Why this exists: a large pixbuf's pixels in transparent huge pages, where the kernel gives them on request: a 12 MP photo's 36 MB of fresh pixels (the sepia image an export or the viewer makes) is faulted in 18 times instead of 9,000, each cleared at once.
import CGdkPixbuf
import Foundation

extension Pixbuf {
    /// The size of a huge page on x86-64, and the least a pixbuf must take to be given them.
    static let hugePage = 2 << 20

    /// A new 8-bit RGB(A) pixbuf (uninitialised pixels, rows 4-byte aligned as GdkPixbuf makes
    /// them), its pixels in their own mapping with huge pages asked for when it is at least
    /// `hugePage` large; otherwise, or where the mapping fails, as `Pixbuf(width:height:hasAlpha:)` makes it.
    public static func large(width: Int, height: Int, hasAlpha: Bool) -> Pixbuf? {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4 else { return nil }
        let rowStride = (width * (hasAlpha ? 4 : 3) + 3) & ~3
        let (bytes, overflow) = rowStride.multipliedReportingOverflow(by: height)
        guard !overflow, bytes >= hugePage else { return Pixbuf(width: width, height: height, hasAlpha: hasAlpha) }
        let length = (bytes + hugePage - 1) / hugePage * hugePage
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
            return Pixbuf(width: width, height: height, hasAlpha: hasAlpha)
        }
        // Advice only: refused (huge pages off), the pixels are in ordinary pages.
        _ = madvise(mapped, length, MADV_HUGEPAGE)
        guard let pixbuf = Pixbuf(wrapping: mapped, width: width, height: height, rowStride: rowStride, hasAlpha: hasAlpha,
                                  release: { munmap(mapped, length) }) else {
            munmap(mapped, length)
            return nil
        }
        return pixbuf
    }
}
