// A 12-byte struct element (float x, y, z), not a power of two, transposed.
// launch: rt98_k 2 32x8
struct Vec3 { float x, y, z; };
__global__ void rt98_k(const int *in, int *out, int p) {
    __shared__ Vec3 tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        const int v = in[blockIdx.x * 1024 + j * 32 + tx];
        tile[j][tx] = Vec3{(float)(v & 15), (float)((v >> 4) & 15), (float)((v >> 8) & 15)};
    }
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8) {
        const Vec3 e = tile[tx][j];
        acc = acc * 31 + ((int)(e.x + 2.f * e.y + 4.f * e.z));
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt98_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
