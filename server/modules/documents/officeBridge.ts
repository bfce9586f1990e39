/**
 * The Python side of the running LibreOffice (Debian's python3-uno): connects to soffice's pipe, says it is ready,
 * then converts one docx to PDF per line read ({"in", "out"} paths), answering one line each. Kept as a string so
 * the bundled server needs no file beside it.
 */
export const BRIDGE_SCRIPT = String.raw`
import json, sys, time
import uno
from com.sun.star.beans import PropertyValue

def prop(name, value):
    item = PropertyValue()
    item.Name = name
    item.Value = value
    return item

def answer(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()

local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
deadline = time.time() + float(sys.argv[2])
while True:
    try:
        context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % sys.argv[1])
        break
    except Exception:
        if time.time() > deadline:
            answer({"error": "LibreOffice did not start"})
            sys.exit(1)
        time.sleep(0.1)
desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
answer({"ready": True})

for line in sys.stdin:
    job = json.loads(line)
    try:
        document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(job["in"]), "_blank", 0, (prop("Hidden", True), prop("ReadOnly", True)))
        if document is None:
            raise RuntimeError("LibreOffice could not open the document")
        try:
            document.storeToURL(uno.systemPathToFileUrl(job["out"]), (prop("FilterName", "writer_pdf_Export"),))
        finally:
            document.close(True)
        answer({"ok": True})
    except Exception as error:
        answer({"error": str(error)[:200]})
`;
