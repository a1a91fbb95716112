// Why this exists: where the gallery's view stays when its rows change all at once (a folder's listing, a new order, dates read), named once for the list and everyone who changes its rows.

/// Unmoved (`never`), on the photo that was at the top of the view unless it was at the very
/// top (`unlessAtTop`: a listing's or dates' change), or on that photo wherever it went
/// (`always`: a sort the user chose).
package enum KeepTop { case never, unlessAtTop, always }
