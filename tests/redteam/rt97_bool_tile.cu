// A bool tile (1-byte elements) transposed: a rewrite must keep bytes apart.
// launch: rt97_k 2 32x8
// expect: rewritten
struct Vec3 { float x, y, z; };
__global__ void rt97_k(const int *in, int *out, int p) {
    __shared__ bool tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        const int v = in[blockIdx.x * 1024 + j * 32 + tx];
        tile[j][tx] = (v & 4) != 0;
    }
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8) {
        const bool e = tile[tx][j];
        acc = acc * 31 + (e ? 3 : 1);
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt97_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
