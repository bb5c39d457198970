import { z } from 'zod';

/** POST /api/uploads: where the stored image is served (both fields hold the same URL). */
export const uploadedImageResponse = z.object({ secure_url: z.string(), url: z.string() });

/** GET /api/uploads/:file answers the image's bytes (JPEG, PNG or WebP), not JSON. */
export const imageBytesResponse = z.any().describe('The image bytes: image/jpeg, image/png or image/webp');
