/**
 * A failure the PDF job reports to the user as is (Chinese). A module of its own: the web thread
 * raises and catches it, and must not load the renderer (pdfkit, its fonts' decoders) to do so.
 */
export class ElectronicReportError extends Error {}
