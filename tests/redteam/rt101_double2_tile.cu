// A double2 tile transposed (16-byte elements).
// launch: rt101_k 2 32x8
// expect: rewritten
struct Vec3 { float x, y, z; };
__global__ void rt101_k(const int *in, int *out, int p) {
    __shared__ double2 tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        const int v = in[blockIdx.x * 1024 + j * 32 + tx];
        tile[j][tx] = double2{(double)v, (double)(v >> 3)};
    }
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8) {
        const double2 e = tile[tx][j];
        acc = acc * 31 + ((int)(e.x * 0.5 + e.y));
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt101_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
