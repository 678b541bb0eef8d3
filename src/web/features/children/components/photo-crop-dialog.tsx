import { useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import type { PixelArea } from "./crop-image";
import { FieldError } from "../../../components/ui/text-field";

export type PhotoToCrop = { src: string; width: number; height: number };

/** The square crop starts at 90% of the photo's width (or the whole height of a wide photo), centred. */
function initialCrop({ width, height }: PhotoToCrop) {
  const side = Math.min(0.9 * width, height);
  const widthPercent = (side / width) * 100;
  const heightPercent = (side / height) * 100;
  return { x: (100 - widthPercent) / 2, y: (100 - heightPercent) / 2, width: widthPercent, height: heightPercent };
}

/**
 * Dad picks the square; `onConfirm` turns it into the photo. The dialog holds only the cropper, so
 * its chunk (react-easy-crop) loads on its own once a photo is chosen.
 */
export function PhotoCropDialog({ photo, onCancel, onConfirm }: { photo: PhotoToCrop; onCancel: () => void; onConfirm: (area: PixelArea) => Promise<void> }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmCrop() {
    if (!area) return;
    setBusy(true);
    try {
      await onConfirm(area);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "The photo could not be cropped");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Crop the photo"
      description="Drag to move and use the slider to zoom. The photo is shown in a circle, as in this frame."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => void confirmCrop()} busy={busy} busyLabel="Cropping..." disabled={!area}>
            Use photo
          </Button>
        </>
      }
    >
      <div className="relative h-72 w-full overflow-hidden rounded-lg bg-ink" data-testid="crop-area">
        <Cropper
          image={photo.src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          initialCroppedAreaPercentages={initialCrop(photo)}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percentages, pixels) => setArea(pixels)}
        />
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Zoom
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} className="min-h-11 accent-accent-dark" />
      </label>
      {error ? (
        <FieldError>
          {error}
        </FieldError>
      ) : null}
    </Dialog>
  );
}
