// A swizzle already applied by hand, CUTLASS style: element (r, c) lives at
// column c ^ ((r & 7) << 2) of row r. Writes and reads both go through the
// swizzle; the tile is already mostly conflict-free, and any further layout
// change must keep the results.
// launch: rt5_14_hand_swizzle 2 32x8
__device__ __forceinline__ int swz(int r, int c) { return c ^ ((r & 7) << 2); }
__global__ void rt5_14_hand_swizzle(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int r = ty + 8 * k;
        tile[r][swz(r, tx)] = in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 1023;
    }
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 5 + tile[tx][swz(tx, ty + 8 * k)];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_14_hand_swizzle<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
