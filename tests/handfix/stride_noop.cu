// A padding macro without parentheses: STRIDE is '32 + 1', so 'r * STRIDE + c'
// is 'r * 32 + 1 + c' and the row pitch stays 32 words (the array gets one
// spare element and the column read stays 32-way).
#define STRIDE 32 + 1

extern "C" __global__ void stride_noop(float *out, const float *in)
{
#pragma rapcc block_dim(32, 8, 1)
    __shared__ float s[32 * STRIDE];
    int tx = threadIdx.x, ty = threadIdx.y;
    for (int i = 0; i < 32; i += 8)
        s[(ty + i) * STRIDE + tx] = in[(ty + i) * 32 + tx];
    __syncthreads();
    for (int i = 0; i < 32; i += 8)
        out[(ty + i) * 32 + tx] = s[tx * STRIDE + ty + i];
}
