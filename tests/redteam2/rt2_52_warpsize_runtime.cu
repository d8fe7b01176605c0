// warpSize as the runtime value it is: lane = tid % warpSize, warp = tid / warpSize.
// launch: rt2_52_warpsize_runtime 2 256x1
// expect: rewritten
__global__ void rt2_52_warpsize_runtime(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tid = threadIdx.x;
    const int lane = tid % warpSize, warp = tid / warpSize;
    tile[warp][lane] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[lane & 7][warp * 4 + (lane >> 3)] + tile[0][warpSize - 1]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_52_warpsize_runtime<<<2, 256>>>(in, out, 0); }
#endif
