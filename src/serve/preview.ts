export async function startPreview(_o: { root: string; port: number; host: string }): Promise<{ url: string }> { throw new Error("preview: in progress"); }
