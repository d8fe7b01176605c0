// A flat tile whose row pitch is blockDim.x (tile[ty * blockDim.x + tx]),
// sized for the #define'd 32x8 block, but the host computes the block at run
// time from an element count (a square block: 16x16 for 256), so the "rows" are 16 wide.
// launch: rt4_40_runtime_pitch 2 16x16
#define BX 32
#define BY 8
__global__ void rt4_40_runtime_pitch(const int *in, int *out, int p) {
    __shared__ float tile[BX * BY];
    const int tx = threadIdx.x, ty = threadIdx.y, w = blockDim.x, h = blockDim.y;
    tile[ty * w + tx] = (float)(in[(blockIdx.x * 256 + ty * w + tx) & 4095] & 1023);
    __syncthreads();
    out[blockIdx.x * 256 + ty * w + tx] = __float_as_int(tile[tx * h + ty] - tile[((ty + 1) % h) * w + tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int elems) {
    int side = 1;
    while (side * side < elems) side *= 2;
    dim3 block(side, elems / side);
    rt4_40_runtime_pitch<<<2, block>>>(in, out, 0);
}
#endif
