// One helper reads a 32-pitch matrix through a pointer; it is called on
// global memory and on the shared tile (in range both times).
// launch: rt104_k 2 32x8
__device__ float at32(const float *m, int r, int c) { return m[r * 32 + c]; }
__global__ void rt104_k(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const float *g = reinterpret_cast<const float *>(in) + blockIdx.x * 1024;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = at32(&tile[0][0], tx, ty) + (at32(g, ty, tx) != 0.f ? 1.f : 0.f);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt104_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
